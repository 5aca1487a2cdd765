import { financeDashboard, financeVendor, vendorInvoiceDetail, type FinanceDashboard, type FinanceVendor, type VendorInvoiceDetail } from '@servicedesk/contracts';

/*
 * Finance fixtures for MSW (Storybook, web tests, dev mode), parsed by the contracts so a mock
 * that drifts from them fails loudly. Money in minor units.
 */

export const vendorsFixture: FinanceVendor[] = [
  financeVendor.parse({ id: 1, name: 'Kompüter Mərkəzi MMC', tin: '1400123451' }),
  financeVendor.parse({ id: 2, name: 'Ofis Təchizat ASC', tin: '1400123452' }),
];

const person = (id: number, name: string) => ({ id, name, imgPath: null });

/** An invoice at `status` (its allowed actions as the given user would see them). */
export function invoiceFixture(id: number, status: VendorInvoiceDetail['invoice']['status'], allowedActions: VendorInvoiceDetail['allowedActions'] = []): VendorInvoiceDetail {
  return vendorInvoiceDetail.parse({
    invoice: {
      id,
      number: `KM-2026-${String(1000 + id)}`,
      vendor: vendorsFixture[0],
      invoiceDate: '2026-11-10',
      currency: 'AZN',
      orderId: null,
      orderCode: null,
      transportNumbers: ['90-BK-512'],
      warehouseId: null,
      budgetLineId: null,
      groupId: null,
      note: '',
      status,
      netTotal: 302500,
      vatTotal: 54450,
      grossTotal: 356950,
      author: person(8, 'Ləman Rzayeva'),
      takenBy: status === 'ACCOUNTING_POOL' && allowedActions.includes('post') ? person(9, 'Kamran Nəsirov') : null,
      takenAt: null,
      receivedAt: null,
      stockOperationId: null,
      paidDate: status === 'PAID' ? '2026-11-12' : null,
      paymentReference: status === 'PAID' ? 'PP-1' : null,
      createdAt: '2026-11-10T08:00:00.000Z',
      updatedAt: '2026-11-10T08:00:00.000Z',
    },
    lines: [
      { id: id * 10 + 1, position: 1, materialId: null, description: 'Noutbuk Lenovo ThinkPad E14', unit: 'ədəd', quantity: 2, unitPrice: 145000, vatRate: 18, net: 290000, vat: 52200, gross: 342200, receivedQuantity: null },
      { id: id * 10 + 2, position: 2, materialId: null, description: 'Siçan Logitech M185', unit: 'ədəd', quantity: 5, unitPrice: 2500, vatRate: 18, net: 12500, vat: 2250, gross: 14750, receivedQuantity: null },
    ],
    history: [],
    comments: [],
    attachments: [],
    allowedActions,
    eInvoices: [],
  });
}

export const financeDashboardFixture: FinanceDashboard = financeDashboard.parse({
  year: 2026,
  poolWaiting: 2,
  myStep: 1,
  paidByMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, total: i === 2 ? 89900 * 118 / 100 : i === 10 ? 73750 : 0 })),
});
