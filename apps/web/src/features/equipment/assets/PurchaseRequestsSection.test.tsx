import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { purchaseQueueResponse, purchaseRequest, purchaseRequestListResponse } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/mock-utils';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { queueLine } from './purchase-queue.test-support';

const server = mockServerForFile();

const line = (lineId: number, position: number, grouped: { id: number; number: string } | null) =>
  queueLine(lineId, position, { purchaseRequest: grouped });
const ordered = { id: 3, number: 'PR-2026-000003' };
const existing = purchaseRequest.parse({
  ...ordered,
  vendor: { id: 1, name: 'Azərsun Holding' },
  vendorInvoice: null,
  comment: null,
  status: 'ordered',
  createdBy: { id: 5, name: 'Səbinə Abbasova', imgPath: null },
  createdAt: '2026-12-01T10:00:00.000Z',
  receivedAt: null,
  lines: [line(10, 1, ordered)],
});

describe('purchase requests on the purchase queue page', () => {
  it('lists the requests with their status and groups the ticked ungrouped lines into a new one to the chosen vendor', async () => {
    signIn();
    const posted: unknown[] = [];
    server.use(
      http.get(apiPath('/equipment/purchases'), () => HttpResponse.json(purchaseQueueResponse.parse({ items: [line(10, 1, ordered), line(11, 2, null)] }))),
      http.get(apiPath('/equipment/purchases/reorder'), () => HttpResponse.json({ items: [] })),
      http.get(apiPath('/equipment/purchases/requests'), () => HttpResponse.json(purchaseRequestListResponse.parse({ items: [existing] }))),
      http.post(apiPath('/finance/vendorInvoices/grid'), () => HttpResponse.json({ rows: [], total: 0, totalCapped: false })),
      http.post(apiPath('/equipment/purchases/requests'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ...existing, id: 4, number: 'PR-2026-000004', lines: [line(11, 2, { id: 4, number: 'PR-2026-000004' })] });
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/inventory/purchases');
    const section = await screen.findByRole('region', { name: 'Purchase requests to vendors' }, { timeout: 20_000 });
    const row = await within(section).findByRole('row', { name: /PR-2026-000003/ });
    expect(row).toHaveTextContent('Azərsun Holding');
    expect(row).toHaveTextContent('Ordered');
    expect(row).toHaveTextContent('INV-2026-000007 · 1 — Monitor 1');

    // Only the line in no request can be ticked; nothing is sent without a vendor.
    const lines = within(section).getByRole('list', { name: 'Lines awaiting purchase, in no request yet' });
    expect(within(lines).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(lines).getByRole('checkbox', { name: /Monitor 2/ }));
    const order = within(section).getByRole('button', { name: 'Order 1 line' });
    expect(order).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: /^Choose the vendor/ }));
    await user.click(await screen.findByRole('option', { name: 'Azərsun Holding' }));
    await user.click(order);
    await waitFor(() => expect(posted).toEqual([{ vendorId: 1, lineIds: [11], vendorInvoiceId: null, comment: null }]));
    expect(await screen.findByText('PR-2026-000004 was created with 1 line.')).toBeInTheDocument();
  });
});
