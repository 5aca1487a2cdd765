import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

// The dialog loads when first opened (issue #19); import it once here (see test/setup.ts).
await import('./NotificationDefaultsDialog');

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

const grant = (verbs: string[]) =>
  server.use(http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json(verbs.map((v) => ({ key: `admin.userTypes.${v}`, isChecked: true })))));
const rowOf = async (name: string) => (await screen.findByRole('gridcell', { name })).closest('[role="row"]') as HTMLElement;

describe("a user type's notification defaults", () => {
  it('lets an admin with admin.userTypes.update set them for the type', async () => {
    signIn();
    grant(['update']);
    const puts: { path: string; body: unknown }[] = [];
    server.events.on('request:start', async ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/notifications/defaults/') && request.method === 'PUT') puts.push({ path, body: await request.clone().json() });
    });
    const user = userEvent.setup();
    renderApp('/home/admin/user-types');
    const row = await rowOf('Employee');
    await user.click(within(row).getByRole('button', { name: /Employee/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Notification defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification defaults: Employee' });
    expect(await within(dialog).findByText('Not set yet: the built-in defaults are shown.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Mail for Mentioned' }), 'immediate');
    await user.click(within(dialog).getByRole('checkbox', { name: 'WhatsApp for Leave decided' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification defaults saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toBe('/api/notifications/defaults/2');
    const body = puts[0]!.body as { events: Record<string, { mail: string; whatsapp: boolean }> };
    expect(body.events.mentioned!.mail).toBe('immediate');
    expect(body.events.leaveDecided!.whatsapp).toBe(true);
  });

  it('offers no notification defaults without admin.userTypes.update', async () => {
    signIn();
    grant(['copy']);
    const user = userEvent.setup();
    renderApp('/home/admin/user-types');
    const row = await rowOf('Employee');
    await user.click(within(row).getByRole('button', { name: /Employee/ }));
    expect(await screen.findByRole('menuitem', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Notification defaults' })).not.toBeInTheDocument();
  });
});
