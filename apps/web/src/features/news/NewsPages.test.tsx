import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createNewsHandlers } from '@servicedesk/api/news/news.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { sanitizeNewsHtml } from './news-html';
import { fromLocalInput, toLocalInput, toSaveInput } from './NewsEditorPage';

/*
 * News pages (issue #18) against the news mock: the signed-in admin (1) reads a pinned post, a
 * mandatory post for IT support (unconfirmed) and their own mandatory post (with statistics).
 */

const server = mockServerForFile();

function open(path: string) {
  server.use(...createNewsHandlers());
  signIn();
  renderApp(path);
}

describe('news feed', () => {
  it('shows the pinned post first, marks unread posts and mandatory ones, and filters to what waits for confirmation', async () => {
    const user = userEvent.setup();
    open('/home/news');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    await waitFor(() => expect(screen.getAllByTestId('news-item')).toHaveLength(3));
    const titles = screen.getAllByTestId('news-item').map((item) => within(item).getByRole('heading').textContent);
    expect(titles[0]).toBe('Yeni ofis qaydaları');
    expect(within(screen.getAllByTestId('news-item')[0]!).getByText('Pinned')).toBeInTheDocument();
    expect(await screen.findByTestId('news-unread')).toHaveTextContent('Unread: 2 · to confirm: 1');
    await user.click(screen.getByRole('button', { name: 'To confirm' }));
    await waitFor(() => expect(screen.getAllByTestId('news-item')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Təhlükəsizlik təlimi' })).toHaveAttribute('href', '/home/news/2');
  });
});

describe('news post', () => {
  it('shows the body sanitised again on the client, marks it read, likes it and lists who liked', async () => {
    const user = userEvent.setup();
    open('/home/news/1');
    const body = await screen.findByTestId('news-body');
    expect(body.innerHTML).toBe('<p>Ofisə giriş <strong>kartla</strong>.</p>');
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('news-like-count'));
    const list = await screen.findByRole('list', { name: 'Liked by' });
    expect(within(list).getByText('Aysel Məmmədova')).toBeInTheDocument();
    expect(screen.getByTestId('news-like-count')).toHaveTextContent('Likes: 3');
  });

  it('lets a reader confirm a mandatory post', async () => {
    const user = userEvent.setup();
    open('/home/news/2');
    await user.click(await screen.findByRole('button', { name: 'I have read it' }));
    expect(await screen.findByText(/You confirmed on/)).toBeInTheDocument();
  });

  it('shows the author the confirmation percentage per group and reminds the rest', async () => {
    const user = userEvent.setup();
    open('/home/news/3');
    expect(await screen.findByTestId('news-confirm-percent')).toHaveTextContent('25%');
    expect(screen.getByRole('progressbar', { name: 'Reading confirmations' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('cell', { name: 'Günel Hüseynova' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remind the rest' }));
    expect(await screen.findByText('Reminder sent to 3 people.')).toBeInTheDocument();
  });

  it('says a post outside the audience is not for the caller (the server answers 403)', async () => {
    open('/home/news/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'This post is not for you.' })).toBeInTheDocument();
  });
});

describe('news editor helpers', () => {
  it('sanitises script, handlers and javascript: links, keeps formatting, opens links in a new tab', async () => {
    expect(await sanitizeNewsHtml('<p onclick="x()">a <em>b</em></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">c</a><a href="https://x.az">d</a>')).toBe(
      '<p>a <em>b</em></p><a target="_blank" rel="noopener noreferrer">c</a><a href="https://x.az" target="_blank" rel="noopener noreferrer">d</a>',
    );
  });

  it('turns the form into the save call: empty publish time = now, audience cleared for everyone', () => {
    const local = toLocalInput('2026-12-01T08:30:00.000Z');
    expect(fromLocalInput(local)).toBe('2026-12-01T08:30:00.000Z');
    const input = toSaveInput({
      title: ' Başlıq ',
      body: '<p>x</p>',
      everyone: true,
      groupIds: [1],
      locationIds: [],
      publishAt: '',
      unpublishAt: '',
      pinned: true,
      mandatory: false,
      cover: null,
      files: [],
    });
    expect(input).toEqual({
      title: 'Başlıq',
      body: '<p>x</p>',
      coverFileId: null,
      fileIds: [],
      audience: { everyone: true, groupIds: [], locationIds: [] },
      publishAt: null,
      unpublishAt: null,
      pinned: true,
      mandatory: false,
    });
  });
});
