import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

/** A flow of many steps gets more than the default 20 s on a busy 2-core machine. */
const LONG_FLOW_MS = 60_000;
const server = mockServerForFile();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // The page's element permissions: the admin may change the organisation.
  server.use(http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([{ key: 'admin.org.manage', isChecked: true }])));
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('/home/admin/org', () => {
  it('adds a position, refuses a taken name, renames, deactivates with a reason and activates again', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Mütəxəssis' });
    // The inactive position shows only on request.
    expect(screen.queryByRole('cell', { name: 'Arxivçi' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New position' }));
    let dialog = await screen.findByRole('dialog', { name: 'New position' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'mütəxəssis');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This name is already used.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Hüquqşünas');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('cell', { name: 'Hüquqşünas' });

    await user.click(within(rowOf('Hüquqşünas')).getByRole('button', { name: 'Rename: Hüquqşünas' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename position' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Baş hüquqşünas');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('cell', { name: 'Baş hüquqşünas' });

    await user.click(screen.getByRole('button', { name: 'Deactivate: Baş hüquqşünas' }));
    const prompt = await screen.findByRole('dialog', { name: 'Deactivate “Baş hüquqşünas”' });
    await user.type(within(prompt).getByRole('textbox', { name: 'Reason' }), 'qısa');
    await user.click(within(prompt).getByRole('button', { name: 'Deactivate' }));
    expect(await within(prompt).findByText('Write at least 10 characters.')).toBeInTheDocument();
    await user.type(within(prompt).getByRole('textbox', { name: 'Reason' }), ' səbəb yazıldı');
    await user.click(within(prompt).getByRole('button', { name: 'Deactivate' }));
    // The prompt closes once the server has answered (while it is open the page behind it is hidden from
    // the accessibility tree, so its cells would not be found whether the row is gone or not).
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
    expect(screen.queryByRole('cell', { name: 'Baş hüquqşünas' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Show inactive' }));
    await screen.findByRole('cell', { name: 'Baş hüquqşünas' });
    expect(within(rowOf('Baş hüquqşünas')).getByText('Inactive')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate: Baş hüquqşünas' }));
    await waitFor(() => expect(within(rowOf('Baş hüquqşünas')).getByText('Active')).toBeInTheDocument());
  }, LONG_FLOW_MS);

  it('edits a group: adds a member picked by name and makes them the only lead', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/org');
    await user.click(await screen.findByRole('tab', { name: 'Groups' }));
    await screen.findByRole('cell', { name: 'Mühasibatlıq' });
    expect(within(rowOf('Mühasibatlıq')).getByText('No lead')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit: Mühasibatlıq' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    await within(dialog).findByText('Şəbnəm Quliyeva');
    // Accent-insensitive: "gunel" finds Günel.
    // The member picker loads when the dialog first shows it (issue #19).
    await user.type(await within(dialog).findByRole('combobox', { name: 'Add a member' }), 'gunel');
    await user.click(await screen.findByRole('option', { name: 'Günel Həsənova' }));
    await within(dialog).findByText('Günel Həsənova');
    await user.click(within(dialog).getByRole('radio', { name: 'Lead: Günel Həsənova' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Lead: Şəbnəm Quliyeva' }));
    expect(within(dialog).getByRole('radio', { name: 'Lead: Günel Həsənova' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit group' })).toBeNull());
    await waitFor(() => expect(within(rowOf('Mühasibatlıq')).getByText('Şəbnəm Quliyeva')).toBeInTheDocument());
    expect(within(rowOf('Mühasibatlıq')).getByRole('cell', { name: '2' })).toBeInTheDocument();
  }, LONG_FLOW_MS);

  it('shows the lists without change buttons to a type without admin.org.manage', async () => {
    server.use(http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([{ key: 'admin.org.manage', isChecked: false }])));
    signIn();
    renderApp('/home/admin/org');
    await screen.findByRole('cell', { name: 'Mütəxəssis' });
    expect(screen.queryByRole('button', { name: 'New position' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rename/ })).toBeNull();
  });

  // Last: the mock server keeps the group deactivated for the tests after it.
  it('deactivates a group with a reason', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/org');
    await user.click(await screen.findByRole('tab', { name: 'Groups' }));
    await screen.findByRole('cell', { name: 'Mühasibatlıq' });
    await user.click(within(rowOf('Mühasibatlıq')).getByRole('button', { name: 'Deactivate: Mühasibatlıq' }));
    const prompt = await screen.findByRole('dialog', { name: 'Deactivate “Mühasibatlıq”' });
    await user.type(within(prompt).getByRole('textbox', { name: 'Reason' }), 'Şöbə birləşdirildi');
    await user.click(within(prompt).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
    expect(screen.queryByRole('cell', { name: 'Mühasibatlıq' })).toBeNull();
    expect(await screen.findByText('“Mühasibatlıq” was deactivated.')).toBeInTheDocument();
  }, LONG_FLOW_MS);
});
