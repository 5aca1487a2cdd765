import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

// The user form loads when it first opens (issue #19); import it once here (see test/setup.ts).
await import('./UserFormDialog');

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

const allActions = ['admin.users.create', 'admin.users.update', 'admin.users.deactivate', 'admin.users.resetPassword', 'admin.users.reactivate'];

/** The page's element permissions as the server answers them (full action keys). */
function grant(keys: string[]) {
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () =>
      HttpResponse.json(allActions.map((key) => ({ key, isChecked: keys.includes(key) }))),
    ),
  );
}

const grid = () => screen.findByRole('grid', { name: 'Users table' });
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('[role="row"]') as HTMLElement;

async function openNewUser(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/home/admin/users');
  await grid();
  await user.click(await screen.findByRole('button', { name: 'New user' }));
  return screen.findByRole('dialog', { name: 'New user' });
}

describe('users list', () => {
  it('lists the users with their type and status, and remembers its filters under usersList', async () => {
    signIn();
    grant(allActions);
    const user = userEvent.setup();
    renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const row = await rowOf('Rəşad Əliyev');
    expect(within(row).getByText('employee@servicedesk.az')).toBeInTheDocument();
    expect(within(await rowOf('Orxan Cəfərov')).getByText('Inactive')).toBeInTheDocument();

    // Accent-insensitive: "eliyev" finds Əliyev.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'eliyev');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Elvin Quliyev' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Rəşad Əliyev' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('sd.tableFilters') ?? '{}')).toHaveProperty('usersList.search', 'eliyev'));
  });

  it('saves the column order for this user under usersList', async () => {
    signIn();
    grant(allActions);
    const saved: { path: string; body: { columns: { key: string }[] } }[] = [];
    server.events.on('request:start', async ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.includes('/Layout/UpdateTableOrder/')) saved.push({ path, body: await request.clone().json() });
    });
    const user = userEvent.setup();
    renderApp('/home/admin/users');
    await rowOf('Rəşad Əliyev');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('button', { name: 'Move Email left' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.path).toBe('/api/global/Layout/UpdateTableOrder/usersList');
    expect(saved[0]?.body.columns.slice(0, 2).map((c) => c.key)).toEqual(['email', 'fullName']);
    server.events.removeAllListeners();
  });

  it('hides "New user" and the row actions the user type lacks', async () => {
    signIn();
    grant([]);
    const user = userEvent.setup();
    renderApp('/home/admin/users');
    const row = await rowOf('Rəşad Əliyev');
    expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Actions for Rəşad Əliyev' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Details']);
  });
});

describe('user form', () => {
  it('shows what is wrong and sends nothing until the form is valid', async () => {
    signIn();
    grant(allActions);
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/admin/users') sent.push(request.url);
    });
    const user = userEvent.setup();
    const dialog = await openNewUser(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/This field is required/);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/This field is required/);

    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Leyla');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Qasımova');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'leyla@servicedesk');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone/ }), '5011');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(within(dialog).getByRole('textbox', { name: /Phone/ })).toHaveAccessibleDescription(/Enter 9 digits/);
    // Only the user type is still missing.
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(1);
    expect(sent).toEqual([]);
    server.events.removeAllListeners();
  });

  it('creates a user of the chosen type and position, then lists them', async () => {
    signIn();
    grant(allActions);
    const user = userEvent.setup();
    const dialog = await openNewUser(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Leyla');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Qasımova');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'leyla@servicedesk.az');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone/ }), '701112233');
    await user.click(within(dialog).getByRole('button', { name: /User type/ }));
    await user.click(await screen.findByRole('option', { name: 'Group lead' }));
    await user.click(within(dialog).getByRole('button', { name: /Position/ }));
    await user.click(await screen.findByRole('option', { name: 'Mütəxəssis' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(/Leyla Qasımova was created; a link to choose a password was sent to leyla@servicedesk.az/)).toBeInTheDocument();
    const row = await rowOf('Leyla Qasımova');
    expect(within(row).getByText('Group lead')).toBeInTheDocument();
    expect(within(row).getByText('Mütəxəssis')).toBeInTheDocument();
    expect(within(row).getByText('+994 (70) 1112233')).toBeInTheDocument();
  });

  it('puts the server\'s emailTaken on the email field', async () => {
    signIn();
    grant(allActions);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const dialog = await openNewUser(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Aysel');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'İkinci');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ADMIN@servicedesk.az');
    await user.click(within(dialog).getByRole('button', { name: /User type/ }));
    await user.click(await screen.findByRole('option', { name: 'Employee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/A user with this email already exists/),
    );
  });
});

describe('deactivate and reactivate', () => {
  it('needs a reason of 10+ characters, sends deactivateElement {id, type: user, desc}, then offers reactivation', async () => {
    signIn();
    grant(allActions);
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/api/global/deactivateElement') bodies.push(await request.clone().json());
    });
    const user = userEvent.setup();
    renderApp('/home/admin/users');
    await user.click(within(await rowOf('Rəşad Əliyev')).getByRole('button', { name: 'Actions for Rəşad Əliyev' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const prompt = await screen.findByRole('dialog', { name: 'Deactivate Rəşad Əliyev' });
    const reason = within(prompt).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'Too short');
    await user.click(within(prompt).getByRole('button', { name: 'Deactivate' }));
    expect(reason).toHaveAccessibleDescription(/Write at least 10 characters/);
    expect(bodies).toEqual([]);

    await user.type(reason, ' — moved to the Ganja branch');
    await user.click(within(prompt).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Rəşad Əliyev was deactivated.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 2, type: 'user', desc: 'Too short — moved to the Ganja branch' }]);
    await waitFor(async () => expect(within(await rowOf('Rəşad Əliyev')).getByText('Inactive')).toBeInTheDocument());

    await user.click(within(await rowOf('Rəşad Əliyev')).getByRole('button', { name: 'Actions for Rəşad Əliyev' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Deactivate' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Reactivate' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Rəşad Əliyev is active again.')).toBeInTheDocument();
    server.events.removeAllListeners();
  });
});

describe('reset password', () => {
  it('checks a typed password by the SPEC §5 rules, and without one mails the user a link', async () => {
    signIn();
    grant(allActions);
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/resetPassword')) bodies.push(await request.clone().json());
    });
    const user = userEvent.setup();
    renderApp('/home/admin/users');
    await user.click(within(await rowOf('Günel Hüseynova')).getByRole('button', { name: 'Actions for Günel Hüseynova' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of Günel Hüseynova?' });
    const field = within(dialog).getByLabelText('New password');
    await user.type(field, 'weak');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(field).toHaveAccessibleDescription(/uppercase/);
    expect(bodies).toEqual([]);

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('A link to choose a new password was sent to lead@servicedesk.az.')).toBeInTheDocument();
    expect(bodies).toEqual([{}]);
    server.events.removeAllListeners();
  });
});

describe('user details', () => {
  it('shows the user, the deactivation reason and the audit history', async () => {
    signIn();
    grant(allActions);
    renderApp('/home/admin/users/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orxan Cəfərov' })).toBeInTheDocument();
    expect(screen.getByText('Reason for deactivation:')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'History' });
    expect(await within(history).findByText('deactivated the user')).toBeInTheDocument();
    expect(within(history).getByText('created the user')).toBeInTheDocument();
    expect(within(history).getByText('System')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });
});
