import type { PurchaseQueueItem } from '@servicedesk/contracts';

/**
 * One line of the purchase queue for the page's tests: position `position` of INV-2026-000007
 * (a catalogue monitor, 1 pcs at 410.00 AZN, marked 2026-12-01), awaiting its purchase and in no
 * purchase request unless `over` says otherwise.
 */
export const queueLine = (lineId: number, position: number, over: Partial<PurchaseQueueItem> = {}): PurchaseQueueItem => ({
  lineId,
  requestId: 7,
  requestNumber: 'INV-2026-000007',
  requester: { id: 2, name: 'Rəşad Əliyev', imgPath: null },
  position,
  description: `Monitor ${position}`,
  material: { id: 1, code: 'MN-P2423', name: 'Monitor Dell P2423' },
  quantity: 1,
  unit: 'pcs',
  unitPrice: 41_000,
  markedAt: '2026-12-01T09:00:00.000Z',
  state: 'awaitingPurchase',
  receiptOperation: null,
  purchaseRequest: null,
  ...over,
});
