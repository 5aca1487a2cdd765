import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { purchaseQueueResponse, type PurchaseQueueItem } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/mock-utils';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { queueLine } from './purchase-queue.test-support';

const server = mockServerForFile();

const line = (lineId: number, position: number, state: PurchaseQueueItem['state']) => queueLine(lineId, position, { state });

describe('purchase queue page', () => {
  it('lists the queue and the reorder list and receives a bought line into the keeper warehouse', async () => {
    signIn();
    const posted: unknown[] = [];
    server.use(
      http.get(apiPath('/equipment/purchases'), () =>
        HttpResponse.json(purchaseQueueResponse.parse({ items: [line(10, 1, 'awaitingPurchase'), line(11, 2, 'received')] })),
      ),
      http.get(apiPath('/equipment/purchases/reorder'), () =>
        HttpResponse.json({ items: [{ materialId: 5, code: 'PP-A4', name: 'Paper A4', unitCode: 'box', stock: 2, minLevel: 10, onOrder: 3, suggested: 5 }] }),
      ),
      http.get(apiPath('/equipment/purchases/requests'), () => HttpResponse.json({ items: [] })),
      http.get(apiPath('/equipment/reference'), () =>
        HttpResponse.json({ budgets: [], units: [], people: [], mayRequestOnBehalf: false, warehouses: [{ id: 3, name: 'Main warehouse', keeperId: null }] }),
      ),
      http.post(apiPath('/equipment/purchases/:lineId/receive'), async ({ request, params }) => {
        posted.push({ lineId: params.lineId, body: await request.json() });
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/inventory/purchases');
    const rows = await screen.findAllByTestId('purchase-row', {}, { timeout: 20_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'INV-2026-000007' })).toHaveAttribute('href', '/home/inventory/requests/7');
    expect(within(rows[1]!).getByRole('link', { name: 'Issue it' })).toHaveAttribute('href', '/home/inventory/requests/7');
    const reorder = screen.getByRole('table', { name: 'Reorder list' });
    expect(within(reorder).getByRole('link', { name: 'PP-A4' })).toHaveAttribute('href', '/home/inventory/materials/5');

    await user.click(within(rows[0]!).getByRole('button', { name: 'INV-2026-000007 · 1 received' }));
    const dialog = await screen.findByRole('dialog', { name: 'INV-2026-000007 · item 1: receipt' });
    const receive = within(dialog).getByRole('button', { name: 'Received' });
    expect(receive).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /Vendor$/ }));
    await user.click(await screen.findByRole('option', { name: 'Azərsun Holding' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Serial numbers' }), 'SN-1, SN-2');
    await user.click(receive);
    await waitFor(() =>
      expect(posted).toEqual([
        { lineId: '10', body: { warehouseId: 3, vendorId: 1, vendorInvoiceRef: null, serials: ['SN-1', 'SN-2'] } },
      ]),
    );
  });
});
