import { http, HttpResponse } from 'msw';
import {
  accountingPoolPostInput,
  computeLineTotals,
  eInvoiceImportInput,
  eInvoiceImportResult,
  eInvoiceListResponse,
  saveVendorInvoiceInput,
  vendorInvoiceListResponse,
  vendorInvoiceMachine,
  vendorInvoiceNextProcessInput,
  type VendorInvoiceDetail,
  type VendorInvoiceListRow,
  type VendorInvoiceStatus,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { financeDashboardFixture, invoiceFixture, vendorsFixture } from './finance.fixtures';

/*
 * MSW handlers of /api/finance/* with an in-memory store: the grids, the detail, save (totals by
 * contracts computeLineTotals, as the server), next process and the pool's take / post / return
 * (statuses from contracts VENDOR_INVOICE_TRANSITIONS; the caller may do everything), the pickers,
 * the dashboard, and a preview / import of e-invoices that answers "nothing in the file matched".
 */

const ALL = ['submit', 'approve', 'reject', 'return', 'cancel', 'take', 'post', 'poolReturn', 'delete'] as const;

export function createFinanceHandlers() {
  const store = new Map<number, VendorInvoiceDetail>([
    [1, invoiceFixture(1, 'DRAFT')],
    [2, invoiceFixture(2, 'WAREHOUSE_CHECK')],
    [3, invoiceFixture(3, 'ACCOUNTING_POOL')],
  ]);
  let nextId = 4;
  const withActions = (d: VendorInvoiceDetail): VendorInvoiceDetail => ({
    ...d,
    allowedActions: ALL.filter((a) => vendorInvoiceMachine.find(d.invoice.status, a) && !(a === 'take' && d.invoice.takenBy) && !((a === 'post' || a === 'poolReturn') && !d.invoice.takenBy)),
  });
  const row = (d: VendorInvoiceDetail): VendorInvoiceListRow => ({
    id: d.invoice.id,
    number: d.invoice.number,
    vendorId: d.invoice.vendor.id,
    vendorName: d.invoice.vendor.name,
    vendorTin: d.invoice.vendor.tin,
    invoiceDate: d.invoice.invoiceDate,
    currency: d.invoice.currency,
    grossTotal: d.invoice.grossTotal,
    status: d.invoice.status,
    authorName: d.invoice.author.name,
    takenById: d.invoice.takenBy?.id ?? null,
    takenByName: d.invoice.takenBy?.name ?? null,
    transportNumbers: d.invoice.transportNumbers,
    paidDate: d.invoice.paidDate,
    createdAt: d.invoice.createdAt,
    updatedAt: d.invoice.updatedAt,
  });
  const page = (rows: VendorInvoiceListRow[]) => HttpResponse.json(vendorInvoiceListResponse.parse({ rows, total: rows.length, totalCapped: false }));
  const move = (id: number, action: (typeof ALL)[number], change: Partial<VendorInvoiceDetail['invoice']> = {}) => {
    const d = store.get(id);
    if (!d) return errorResponse(404, 'notFound', 'No such vendor invoice.');
    const transition = vendorInvoiceMachine.find(d.invoice.status, action);
    if (!transition) return errorResponse(422, 'invalidTransition', 'Not in this status.');
    let to: VendorInvoiceStatus = transition.to;
    if (action === 'approve' && d.invoice.status === 'WAREHOUSE_CHECK') to = 'DIRECTOR_APPROVAL';
    const next = withActions({ ...d, invoice: { ...d.invoice, ...change, status: to } });
    store.set(id, next);
    return HttpResponse.json(next);
  };

  return [
    http.post(apiPath('/finance/vendorInvoices/grid'), () => page([...store.values()].map(row))),
    http.post(apiPath('/finance/accountingPool/grid'), () => page([...store.values()].filter((d) => d.invoice.status === 'ACCOUNTING_POOL').map(row))),
    http.get(apiPath('/finance/vendors'), () => HttpResponse.json(vendorsFixture)),
    http.get(apiPath('/finance/vendorInvoices/materials'), () => HttpResponse.json([])),
    http.get(apiPath('/finance/vendorInvoices/transportNumbers'), () => HttpResponse.json(['90-BK-512'])),
    http.get(apiPath('/finance/vendorInvoices/orderDetail'), () => errorResponse(404, 'notFound', 'No equipment order with this code or id.')),
    http.get(apiPath('/finance/dashboard'), () => HttpResponse.json(financeDashboardFixture)),
    http.post(apiPath('/finance/vendorInvoices/save'), async ({ request }) => {
      const parsed = saveVendorInvoiceInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const input = parsed.data;
      const id = input.id ?? nextId++;
      const base = store.get(id) ?? invoiceFixture(id, 'DRAFT');
      const lines = input.lines.map((l, i) => ({ id: id * 10 + i + 1, position: i + 1, materialId: null, description: l.description, unit: l.unit, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: l.vatRate, ...computeLineTotals(l.quantity, l.unitPrice, l.vatRate), receivedQuantity: null }));
      const totals = lines.reduce((s, l) => ({ netTotal: s.netTotal + l.net, vatTotal: s.vatTotal + l.vat, grossTotal: s.grossTotal + l.gross }), { netTotal: 0, vatTotal: 0, grossTotal: 0 });
      const vendor = vendorsFixture.find((v) => v.id === input.vendorId) ?? vendorsFixture[0]!;
      const saved = withActions({ ...base, lines, invoice: { ...base.invoice, number: input.number, invoiceDate: input.invoiceDate, vendor, currency: input.currency, ...totals } });
      store.set(id, saved);
      return HttpResponse.json(saved);
    }),
    http.get(apiPath('/finance/vendorInvoices/:id'), ({ params }) => {
      const d = store.get(Number(params.id));
      return d ? HttpResponse.json(withActions(d)) : errorResponse(404, 'notFound', 'No such vendor invoice.');
    }),
    http.post(apiPath('/finance/vendorInvoices/:id/nextProcess'), async ({ params, request }) => {
      const parsed = vendorInvoiceNextProcessInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return move(Number(params.id), parsed.data.action);
    }),
    http.post(apiPath('/finance/vendorInvoices/:id/delete'), ({ params }) => {
      store.delete(Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.post(apiPath('/finance/accountingPool/:id/take'), ({ params }) => move(Number(params.id), 'take', { takenBy: { id: 9, name: 'Kamran Nəsirov', imgPath: null } })),
    http.post(apiPath('/finance/accountingPool/:id/post'), async ({ params, request }) => {
      const parsed = accountingPoolPostInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return move(Number(params.id), 'post', { paidDate: parsed.data.paidDate, paymentReference: parsed.data.paymentReference });
    }),
    http.post(apiPath('/finance/accountingPool/:id/return'), ({ params }) => move(Number(params.id), 'poolReturn', { takenBy: null })),
    http.post(apiPath('/finance/eInvoices/grid'), () => HttpResponse.json(eInvoiceListResponse.parse({ rows: [], total: 0, totalCapped: false }))),
    ...(['preview', 'import'] as const).map((call) =>
      http.post(apiPath(`/finance/eInvoices/${call}`), async ({ request }) => {
        const parsed = eInvoiceImportInput.safeParse(await request.json());
        if (!parsed.success) return validationErrorResponse(parsed.error.issues);
        return HttpResponse.json(eInvoiceImportResult.parse({ fileName: parsed.data.fileName, fileHash: '0'.repeat(64), alreadyImported: false, invoices: [], created: 0, skipped: 0 }));
      }),
    ),
  ];
}
