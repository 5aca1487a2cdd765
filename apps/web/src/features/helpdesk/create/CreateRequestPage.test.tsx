import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { emptyRequestForm, validateRequestForm } from './request-form';
import { mentionedIds } from '../shared/helpdesk-text';

const server = mockServerForFile();

const form = () => screen.findByRole('form', { name: 'New request' });

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(within(await form()).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('new help-desk request', () => {
  it('names every missing field and sends nothing', async () => {
    signIn();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void (request.url.endsWith('/requests/save') && sent.push(request.url)));
    const user = userEvent.setup();
    renderApp('/home/helpdesk/requests/new');
    const f = await form();
    await user.click(within(f).getByRole('button', { name: 'Send the request' }));
    expect(await within(f).findByText('Choose a category.')).toBeInTheDocument();
    expect(within(f).getByText('Choose a component.')).toBeInTheDocument();
    expect(within(f).getByRole('textbox', { name: /Title/ })).toHaveAccessibleDescription('Enter a title.');
    expect(within(f).getByText('Describe the problem.')).toBeInTheDocument();

    await user.type(within(f).getByRole('textbox', { name: /Title/ }), 'ab');
    expect(within(f).getByRole('textbox', { name: /Title/ })).toHaveAccessibleDescription('The title needs at least 3 characters.');
    expect(sent).toEqual([]);
  });

  it('offers the chosen category\'s active components only, says who serves it, then creates the request and opens it', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/helpdesk/requests/save')) void request.clone().json().then((b) => bodies.push(b));
    });
    const user = userEvent.setup();
    const { router } = renderApp('/home/helpdesk/requests/new');
    const f = await form();
    expect(within(f).getByRole('button', { name: /Component/ })).toBeDisabled();

    await choose(user, /Category/, 'Avadanlıq');
    await user.click(within(f).getByRole('button', { name: /Component/ }));
    const listbox = await screen.findByRole('listbox');
    // Faks is inactive: not offered.
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Printer və skaner', 'Noutbuk']);
    await user.click(within(listbox).getByRole('option', { name: 'Noutbuk' }));
    expect(within(f).getByRole('status')).toHaveTextContent('the lead of İT dəstəyi approves the request first');

    await choose(user, /Priority/, 'High — within 8 h');
    await user.type(within(f).getByRole('textbox', { name: /Title/ }), '  Yeni noutbuk lazımdır ');
    await user.type(within(f).getByRole('textbox', { name: /Description/ }), 'Köhnə noutbuk xarabdır');
    await user.click(within(f).getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('Request HD-2026-000011 was created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/helpdesk/requests/1000'));
    expect(bodies).toEqual([
      { title: 'Yeni noutbuk lazımdır', description: 'Köhnə noutbuk xarabdır', componentId: 2, priority: 'high', locationId: null, fileIds: [], mentionedUserIds: [] },
    ]);
  });
});

describe('the request form rules', () => {
  it('checks lengths as the server does and keeps only the mentions still in the text', () => {
    const long = { ...emptyRequestForm(), categoryId: 1, componentId: 1, title: 'x'.repeat(201), description: 'y'.repeat(10_001) };
    expect(validateRequestForm(long)).toEqual({
      title: { key: 'helpdesk.create.errors.titleTooLong', values: { max: 200 } },
      description: { key: 'helpdesk.create.errors.descriptionTooLong', values: { max: 10_000 } },
    });
    expect(validateRequestForm({ ...long, title: ' Abc ', description: ' d ' })).toEqual({});
    const inserted = [
      { id: 2, name: 'Rəşad Əliyev' },
      { id: 4, name: 'Tural İsmayıllı' },
      { id: 2, name: 'Rəşad Əliyev' },
    ];
    expect(mentionedIds('Salam @Rəşad Əliyev, baxın', inserted)).toEqual([2]);
  });
});
