import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/mock-utils';
import { giveDataTablesHeight } from '../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

describe('warehouses page', () => {
  it('lists the warehouses, switches to the stock levels in the URL and creates a warehouse', async () => {
    signIn();
    const saved: unknown[] = [];
    server.use(
      http.post(apiPath('/global/getMenuPermissions'), () =>
        HttpResponse.json([{ key: 'inventory.warehouses.create', isChecked: true }]),
      ),
      http.post(apiPath('/stock/warehouses'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ id: 3, name: 'Gəncə anbarı', locationId: null, locationName: null, keeper: null, isActive: true, materialCount: 0, stockValue: 0, createdAt: '2026-12-01T09:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/inventory/warehouses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warehouses' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Warehouses' }, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getAllByText('Sumqayıt anbarı').length).toBeGreaterThan(0), { timeout: 10_000 });

    await user.click(screen.getByRole('tab', { name: 'Stock levels' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=levels'));
    expect(await screen.findByRole('grid', { name: 'Stock levels' }, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'New warehouse' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New warehouse' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Warehouse/ }), 'Gəncə anbarı');
    await user.click(save);
    await waitFor(() => expect(saved).toEqual([{ name: 'Gəncə anbarı', keeperId: null }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New warehouse' })).not.toBeInTheDocument());
  });
});
