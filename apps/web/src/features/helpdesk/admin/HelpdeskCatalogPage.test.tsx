import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { splitTarget, validateTarget } from './catalog-forms';

// The edit forms load when the first opens (issue #19); import them once here (see test/setup.ts).
await import('./CatalogForms');

const server = mockServerForFile();

const catalogKeys = ['helpdesk.categories.create', 'helpdesk.categories.update', 'helpdesk.categories.delete'];
function grant(keys: string[]) {
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json(catalogKeys.map((key) => ({ key, isChecked: keys.includes(key) })))),
  );
}

const table = async (name: string) => within(await screen.findByRole('region', { name }));

describe('help-desk catalogue', () => {
  it('creates a category after the Azerbaijani name is given, and refuses to delete a used one', async () => {
    signIn();
    grant(catalogKeys);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/home/helpdesk/categories');
    await (await table('Categories')).findByRole('cell', { name: 'Avadanlıq' });

    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    // The form loads when the first dialog opens (issue #19): it shows a moment after the dialog.
    await user.type(await within(dialog).findByRole('textbox', { name: 'Name (English)' }), 'Telephony');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Name \(Azerbaijani\)/ })).toHaveAccessibleDescription('Enter the Azerbaijani name.');
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(Azerbaijani\)/ }), 'Telefoniya');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('«Telefoniya» was saved.')).toBeInTheDocument();
    expect(await (await table('Categories')).findByRole('cell', { name: 'Telefoniya' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Avadanlıq' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('It is in use and cannot be deleted: deactivate it instead.')).toBeInTheDocument();
  });

  it('adds a component served by a group that needs approval', async () => {
    signIn();
    grant(catalogKeys);
    const user = userEvent.setup();
    renderApp('/home/helpdesk/categories');
    await user.click(await screen.findByRole('tab', { name: 'Components' }));
    await user.click(await screen.findByRole('button', { name: 'New component' }));
    const dialog = await screen.findByRole('dialog', { name: 'New component' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the serving group.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Təsərrüfat' }));
    await user.click(within(dialog).getByRole('button', { name: /Serving group/ }));
    await user.click(await screen.findByRole('option', { name: 'Anbar' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(Azerbaijani\)/ }), 'Kondisioner');
    await user.click(within(dialog).getByRole('checkbox', { name: "Needs the group lead's approval" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const row = (await (await table('Components')).findByRole('cell', { name: 'Kondisioner' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Anbar')).toBeInTheDocument();
    expect(within(row).getByText('Needs approval')).toBeInTheDocument();
  });

  it('changes a priority\'s target time, and shows no buttons without the element actions', async () => {
    signIn();
    grant(['helpdesk.categories.update']);
    const user = userEvent.setup();
    renderApp('/home/helpdesk/categories');
    await screen.findByRole('cell', { name: 'Avadanlıq' });
    expect(screen.queryByRole('button', { name: 'New category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Avadanlıq' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Priorities' }));
    const rows = await table('Priorities');
    expect(rows.getByRole('cell', { name: '4 h' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Kritik' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the priority' });
    const amount = await within(dialog).findByRole('textbox', { name: /Target time/ });
    await user.clear(amount);
    await user.type(amount, '91');
    await user.click(within(dialog).getByRole('button', { name: /Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The target time cannot exceed 90 days.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await (await table('Priorities')).findByRole('cell', { name: '3 d' })).toBeInTheDocument();
  });
});

describe('target times', () => {
  it('shows a target in its largest whole unit and keeps it within 1 minute … 90 days', () => {
    expect(splitTarget(240)).toEqual({ amount: 4, unit: 'hours' });
    expect(splitTarget(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(splitTarget(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(validateTarget(0, 'minutes')).toHaveProperty('target');
    expect(validateTarget(90, 'days')).toEqual({});
    expect(validateTarget(2161, 'hours')).toHaveProperty('target');
  });
});
