import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { placeholderProblem } from './InlineEditor';

/** A flow of many steps gets more than the default 20 s on a busy 2-core machine. */
const LONG_FLOW_MS = 60_000;
const server = mockServerForFile();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([{ key: 'admin.translations.update', isChecked: true }])),
  );
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (key: string) => screen.getByText(key, { selector: 'code' }).closest('li') as HTMLElement;

describe('/home/admin/translations', () => {
  it('searches accent-insensitively in the chosen language, edits a value inline and resets it', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toast, 'show');
    signIn();
    renderApp('/home/admin/translations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Translations' })).toBeInTheDocument();
    // The interface language (en) is picked first; its one edited key shows its shipped text too.
    await screen.findByText('Home board');
    expect(within(rowOf('menu.dashboard')).getByText('Edited')).toBeInTheDocument();

    // The page's own language picker (the top bar has a language menu too).
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: /Language/ }));
    await user.click(await screen.findByRole('option', { name: 'Azerbaijani' }));
    await screen.findByText('İdarə paneli');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'IDARE');
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    expect(screen.getByText('Found: 1')).toBeInTheDocument();

    await user.click(within(rowOf('menu.dashboard')).getByRole('button', { name: 'Edit: menu.dashboard' }));
    const box = within(rowOf('menu.dashboard')).getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.clear(box);
    await user.type(box, 'Əsas səhifə');
    await user.click(within(rowOf('menu.dashboard')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowOf('menu.dashboard')).getByText('Edited')).toBeInTheDocument());
    expect(within(rowOf('menu.dashboard')).getByText('Əsas səhifə')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'The text was saved.', description: 'Reload the page to see it in the app.' }));

    await user.click(within(rowOf('menu.dashboard')).getByRole('button', { name: 'Reset: menu.dashboard' }));
    await waitFor(() => expect(within(rowOf('menu.dashboard')).queryByText('Edited')).toBeNull());
    expect(within(rowOf('menu.dashboard')).getByText('İdarə paneli')).toBeInTheDocument();
  }, LONG_FLOW_MS);

  it('keeps the placeholders of the shipped text: a value without {{seconds}} is not sent', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    server.use(
      http.put(apiPath('/admin/translations'), () => {
        sent();
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    signIn();
    renderApp('/home/admin/translations');
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'session');
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Edit: sessionWillExpireInSeconds' }));
    const box = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(box);
    await user.type(box, 'Soon over');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keep exactly these placeholders: {{seconds}}.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('placeholderProblem', () => {
  it('compares the placeholder names, not their order or formats', () => {
    expect(placeholderProblem('{{a}} and {{b}}', '{{b}} then {{a, number}}')).toBeNull();
    expect(placeholderProblem('{{a}}', 'none')).toEqual({ expected: ['a'], actual: [] });
  });
});
