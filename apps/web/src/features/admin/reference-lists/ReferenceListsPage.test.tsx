import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

/** A flow of many steps gets more than the default 20 s on a busy 2-core machine. */
const LONG_FLOW_MS = 60_000;
const server = mockServerForFile();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([{ key: 'admin.referenceLists.manage', isChecked: true }])),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('/home/admin/reference-lists', () => {
  it('adds a vendor with its TIN, refuses a taken name, removes it after a confirmation and activates it again', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toast, 'show');
    signIn();
    renderApp('/home/admin/reference-lists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reference lists' })).toBeInTheDocument();
    const vendors = screen.getByRole('region', { name: 'Vendors' });
    expect(await within(vendors).findByText('Active: 1')).toBeInTheDocument();

    await user.click(within(vendors).getByRole('button', { name: 'Manage: Vendors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendors' });
    expect(within(dialog).getByText('Köhnə Təchizat MMC')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'azərsun holding');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'This name is already used.', variant: 'error' })));

    await user.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Gənc Tədarük MMC');
    await user.type(within(dialog).getByRole('textbox', { name: 'TIN (VÖEN)' }), '1501234567');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('cell', { name: 'Gənc Tədarük MMC' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '1501234567' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove: Gənc Tədarük MMC' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('“Gənc Tədarük MMC” will be removed from the list.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: '“Gənc Tədarük MMC” was deleted.' })));
    const row = within(dialog).getByRole('cell', { name: 'Gənc Tədarük MMC' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
    await user.click(within(row).getByRole('button', { name: 'Activate: Gənc Tədarük MMC' }));
    await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(vendors).findByText('Active: 2')).toBeInTheDocument();
  }, LONG_FLOW_MS);

  it('asks only a name for tags', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/reference-lists');
    const tags = await screen.findByRole('region', { name: 'Tags' });
    await user.click(await within(tags).findByRole('button', { name: 'Manage: Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Hüquqi');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('cell', { name: 'Hüquqi' })).toBeInTheDocument();
  });

  it('opens a list read-only for a type without admin.referenceLists.manage', async () => {
    server.use(http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([])));
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/reference-lists');
    const vendors = await screen.findByRole('region', { name: 'Vendors' });
    await user.click(await within(vendors).findByRole('button', { name: 'View: Vendors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendors' });
    expect(within(dialog).getByRole('cell', { name: 'Azərsun Holding' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^(Add|Edit|Remove|Deactivate)/ })).toBeNull();
  });
});
