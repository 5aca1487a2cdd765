import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

// The editor and the copy dialog load when first opened (issue #19); import them once here (see test/setup.ts).
await import('./UserTypeEditor');
await import('./CopyUserTypeDialog');

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

function grantAll() {
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () =>
      HttpResponse.json(['create', 'update', 'copy'].map((v) => ({ key: `admin.userTypes.${v}`, isChecked: true }))),
    ),
  );
}

/** Bodies of the writes to /api/admin/userTypes*. */
function recordWrites() {
  const bodies: { method: string; path: string; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/admin/userTypes') && request.method !== 'GET') {
      bodies.push({ method: request.method, path, body: await request.clone().json() });
    }
  });
  return bodies;
}

const rowOf = async (name: string) => (await screen.findByRole('gridcell', { name })).closest('[role="row"]') as HTMLElement;

describe('user types', () => {
  it('creates a type with names in four languages and only the menus ticked in the tree', async () => {
    signIn();
    grantAll();
    const writes = recordWrites();
    const user = userEvent.setup();
    renderApp('/home/admin/user-types');
    await rowOf('Employee');
    await user.click(screen.getByRole('button', { name: 'New user type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user type' });
    const tree = await within(dialog).findByRole('tree', { name: 'Permissions' });

    // Names are required in every language.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);
    expect(writes).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name (Azərbaycan)' }), 'Müşahidəçi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (English)' }), 'Observer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (Русский)' }), 'Наблюдатель');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (Türkçe)' }), 'Gözlemci');
    await user.click(within(tree).getByRole('treeitem', { name: /Dashboard/ }));
    await user.click(within(tree).getByRole('treeitem', { name: /My profile/ }));
    expect(within(tree).getByRole('treeitem', { name: /Dashboard/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(tree).getByRole('treeitem', { name: /Administration/ })).toHaveAttribute('aria-checked', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('The type Observer was created.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/admin/userTypes',
        body: { names: { az: 'Müşahidəçi', en: 'Observer', ru: 'Наблюдатель', tr: 'Gözlemci' }, grants: ['dashboard', 'profile'] },
      },
    ]);
    expect(await rowOf('Observer')).toBeInTheDocument();
  });

  it('edits a type: ticking an action ticks its menu, and the tree is saved as grants', async () => {
    signIn();
    grantAll();
    const writes = recordWrites();
    const user = userEvent.setup();
    renderApp('/home/admin/user-types');
    await user.click(within(await rowOf('Group lead')).getByRole('button', { name: 'Actions for Group lead' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the type Group lead' });
    const tree = await within(dialog).findByRole('tree', { name: 'Permissions' });
    expect(within(dialog).getByRole('textbox', { name: 'Name (Русский)' })).toHaveValue('Руководитель группы');

    // Ticking a menu ticks its element actions (and its parent menu).
    await user.click(within(tree).getByRole('treeitem', { name: /^Users/ }));
    expect(within(tree).getByRole('treeitem', { name: /^Users/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(tree).getByRole('treeitem', { name: /^Administration/ })).toHaveAttribute('aria-checked', 'mixed');
    // Ticking an element action found by the filter ticks its menu too.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search permissions' }), 'copy');
    await user.click(await within(tree).findByRole('treeitem', { name: /^Copy/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The type Group lead was saved.')).toBeInTheDocument();
    const grants = (writes[0]?.body as { grants: string[] }).grants;
    expect(writes[0]?.path).toBe('/api/admin/userTypes/3');
    expect(grants).toEqual(
      expect.arrayContaining(['helpdesk.requests.approve', 'admin.users', 'admin.users.create', 'admin.users.resetPassword', 'admin.userTypes', 'admin.userTypes.copy']),
    );
    expect(grants).not.toContain('admin.userTypes.create');
  });

  it('copies a type under new names with every grant of the source', async () => {
    signIn();
    grantAll();
    const writes = recordWrites();
    const user = userEvent.setup();
    renderApp('/home/admin/user-types');
    await user.click(within(await rowOf('Employee')).getByRole('button', { name: 'Actions for Employee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the type Employee' });
    expect(within(dialog).getByRole('textbox', { name: 'Name (English)' })).toHaveValue('Employee (copy)');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Employee (copy) was created.')).toBeInTheDocument();
    expect(writes[0]?.path).toBe('/api/admin/userTypes/2/copy');
    await waitFor(async () => expect(await rowOf('Employee (copy)')).toBeInTheDocument());
  });

  it('shows no edit or copy and no "New user type" without the element permissions', async () => {
    signIn();
    server.use(http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([])));
    renderApp('/home/admin/user-types');
    const row = await rowOf('Employee');
    expect(within(row).queryByRole('button', { name: 'Actions for Employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New user type' })).not.toBeInTheDocument();
  });
});
