import { http, HttpResponse } from 'msw';
import {
  addRecordCommentInput,
  debtAgeing,
  debtAgeingAll,
  debtEntryList,
  debtGroupList,
  debtListResponse,
  debtPaymentTypeList,
  debtReportDetail,
  debtStatusInput,
  debtYearlyData,
  importResult,
  importSummaryList,
  wagonDetail,
  wagonListResponse,
  type DebtReportDetail,
  type ImportResult,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/*
 * MSW handlers of the debt reports and the dislocation (issue #17), fixtures parsed by the
 * contracts so a drifting mock fails loudly. One counterparty (id 3, Baku Electronics, AZN): its
 * ageing differs before and after the payment of 2026-11-10; the first 1C import creates 8 rows
 * and refuses 3, every later one finds them unchanged; a status change appends its history row.
 */

const person = { id: 1, name: 'Kamran Nəsirov', imgPath: null };

function detailFixture(): DebtReportDetail {
  return debtReportDetail.parse({
    id: 3,
    name: 'Baku Electronics',
    kind: 'vendor',
    tin: '1400123453',
    group: { id: 1, name: 'Təchizatçılar' },
    status: 'normal',
    currency: 'AZN',
    openingMinor: 500_000,
    invoicedMinor: 2_050_050,
    paidMinor: 1_000_000,
    balanceMinor: 1_550_050,
    history: [],
    comments: [],
    updatedAt: '2026-11-20T08:00:00.000Z',
  });
}

const entries = debtEntryList.parse([
  { id: 1, kind: 'opening', docNumber: '', docDate: '2026-01-01', dueDate: null, amountMinor: 500_000, currency: 'AZN', paymentType: null, source: { importId: 1, fileName: '1c-example.csv', line: 2 } },
  { id: 2, kind: 'invoice', docNumber: 'BE-0315', docDate: '2026-03-15', dueDate: '2026-04-14', amountMinor: 1_250_050, currency: 'AZN', paymentType: null, source: { importId: 1, fileName: '1c-example.csv', line: 3 } },
  { id: 3, kind: 'invoice', docNumber: 'BE-0920', docDate: '2026-09-20', dueDate: '2026-10-20', amountMinor: 800_000, currency: 'AZN', paymentType: null, source: { importId: 1, fileName: '1c-example.csv', line: 4 } },
  { id: 4, kind: 'payment', docNumber: 'PP-1110', docDate: '2026-11-10', dueDate: null, amountMinor: 1_000_000, currency: 'AZN', paymentType: 'Bank köçürməsi', source: { importId: 1, fileName: '1c-example.csv', line: 5 } },
]);

const previewRows = [
  { line: 10, action: 'refuse', reason: 'badDate', field: 'date', summary: 'Baku Electronics · Поступление · BE-0231 · 31.02.2026 · 700,00' },
  { line: 11, action: 'refuse', reason: 'unknownCounterparty', field: 'tin', summary: 'ООО «Неизвестный» · XX-0514' },
  { line: 12, action: 'refuse', reason: 'duplicateRow', field: null, summary: 'Baku Electronics · BE-0920' },
];

/** Every handler with fresh state (the import count and the report's status and comments). */
export function createDebtsHandlers() {
  let imported = 0;
  let detail = detailFixture();
  const result = (committed: boolean): ImportResult => {
    const first = imported === 0;
    return importResult.parse({
      importId: committed ? imported + 1 : null,
      fileName: '1c-example.csv',
      encoding: 'windows-1251',
      separator: ';',
      counts: { total: 11, create: first ? 8 : 0, change: 0, same: first ? 0 : 8, refuse: 3 },
      rows: [...previewRows, { line: 2, action: first ? 'create' : 'same', reason: null, field: null, summary: 'Baku Electronics · Остаток · 01.01.2026 · 5 000,00' }],
      rowsTruncated: true,
    });
  };
  return [
    http.post(apiPath('/debtReports/grid'), () =>
      HttpResponse.json(
        debtListResponse.parse({
          rows: [
            { id: detail.id, name: detail.name, kind: 'vendor', tin: detail.tin, groupId: 1, groupName: 'Təchizatçılar', status: detail.status, currency: 'AZN', invoicedMinor: 2_050_050, paidMinor: 1_000_000, balanceMinor: 1_550_050, lastEntryDate: '2026-11-10' },
          ],
          total: 1,
          totalCapped: false,
        }),
      ),
    ),
    http.get(apiPath('/debtReports/groups'), () => HttpResponse.json(debtGroupList.parse([{ id: 1, name: 'Təchizatçılar', isActive: true, counterparties: 1 }]))),
    http.get(apiPath('/debtReports/paymentTypes'), () => HttpResponse.json(debtPaymentTypeList.parse([{ id: 1, code: 'BANK', name: 'Bank köçürməsi', isActive: true, payments: 1 }]))),
    http.get(apiPath('/debtReports/1CData/imports'), () => HttpResponse.json(importSummaryList.parse([]))),
    http.get(apiPath('/dislocation/imports'), () => HttpResponse.json(importSummaryList.parse([]))),
    http.post(apiPath('/debtReports/1CData/preview'), () => HttpResponse.json(result(false))),
    http.post(apiPath('/debtReports/1CData/import'), () => {
      const answer = result(true);
      imported++;
      return HttpResponse.json(answer);
    }),
    http.get(apiPath('/debtReports/ageing'), ({ request }) => {
      const asOf = new URL(request.url).searchParams.get('asOf') ?? '2026-11-24';
      // Two currencies (issue #41): AZN, and USD converted at 1.7 of the 24th; never summed unconverted.
      const azn = { d0_30: 0, d31_60: 800_000, d61_90: 0, d90plus: 750_050 };
      const usd = { d0_30: 100_000, d31_60: 0, d61_90: 0, d90plus: 0 };
      return HttpResponse.json(
        debtAgeingAll.parse({
          asOf,
          currencies: [
            { currency: 'AZN', counterparties: 1, buckets: azn, totalMinor: 1_550_050, creditMinor: 0, rate: { currency: 'AZN', rateDate: asOf, rate: 1, nominal: 1 } },
            { currency: 'USD', counterparties: 1, buckets: usd, totalMinor: 100_000, creditMinor: 0, rate: { currency: 'USD', rateDate: '2026-11-24', rate: 1.7, nominal: 1 } },
          ],
          converted: { currency: 'AZN', buckets: { ...azn, d0_30: 170_000 }, totalMinor: 1_720_050, creditMinor: 0 },
          unconverted: [],
          rows: [
            { id: detail.id, name: detail.name, tin: detail.tin, currency: 'AZN', buckets: azn, totalMinor: 1_550_050, creditMinor: 0 },
            { id: detail.id + 1, name: 'Caspian Freight Ltd', tin: '1400123456', currency: 'USD', buckets: usd, totalMinor: 100_000, creditMinor: 0 },
          ],
        }),
      );
    }),
    http.get(apiPath('/debtReports/:id'), ({ params }) => (Number(params.id) === detail.id ? HttpResponse.json(detail) : errorResponse(404, 'notFound', 'No such counterparty.'))),
    http.get(apiPath('/debtReports/:id/entries'), () => HttpResponse.json(entries)),
    http.get(apiPath('/debtReports/:id/paymentHistory'), () => HttpResponse.json(entries.filter((e) => e.kind === 'payment'))),
    http.get(apiPath('/debtReports/:id/ageing'), ({ request }) => {
      const asOf = new URL(request.url).searchParams.get('asOf') ?? '2026-11-24';
      const before = asOf < '2026-11-10';
      return HttpResponse.json(
        debtAgeing.parse({
          asOf,
          currency: 'AZN',
          buckets: before ? { d0_30: 800_000, d31_60: 0, d61_90: 0, d90plus: 1_750_050 } : { d0_30: 0, d31_60: 800_000, d61_90: 0, d90plus: 750_050 },
          totalMinor: before ? 2_550_050 : 1_550_050,
          creditMinor: 0,
        }),
      );
    }),
    http.get(apiPath('/debtReports/:id/yearlyData'), ({ request }) => {
      const year = Number(new URL(request.url).searchParams.get('year') ?? 2026);
      const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, invoicedMinor: i === 2 ? 1_250_050 : 0, paidMinor: i === 10 ? 1_000_000 : 0, closingMinor: i < 2 ? 500_000 : i < 10 ? 1_750_050 : 750_050 }));
      return HttpResponse.json(debtYearlyData.parse({ year, currency: 'AZN', openingMinor: 500_000, months, closingMinor: 750_050 }));
    }),
    http.post(apiPath('/debtReports/:id/status'), async ({ request }) => {
      const parsed = debtStatusInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      if (parsed.data.status === detail.status) return errorResponse(422, 'statusUnchanged', 'The status is already this one.');
      if (parsed.data.status === 'writtenOff' && !parsed.data.comment) return errorResponse(422, 'commentRequired', 'Writing off needs a comment.');
      const entry = { id: detail.history.length + 1, action: 'status', fromStatus: detail.status, toStatus: parsed.data.status, actor: person, onBehalfOf: null, comment: parsed.data.comment ?? null, details: null, createdAt: '2026-11-24T09:00:00.000Z' };
      detail = debtReportDetail.parse({ ...detail, status: parsed.data.status, history: [...detail.history, entry] });
      return HttpResponse.json(detail);
    }),
    http.post(apiPath('/debtReports/:id/comments'), async ({ request }) => {
      const parsed = addRecordCommentInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const comment = { id: detail.comments.length + 1, author: person, text: parsed.data.text, createdAt: '2026-11-24T09:05:00.000Z' };
      detail = { ...detail, comments: [...detail.comments, comment] };
      return HttpResponse.json(comment);
    }),
    http.post(apiPath('/dislocation/wagons/grid'), () =>
      HttpResponse.json(wagonListResponse.parse({ rows: [{ number: '50070291', station: 'Дербент', state: 'atDestination', seenAt: '2026-11-22T15:10:00.000Z', sightings: 4 }], total: 1, totalCapped: false })),
    ),
    http.get(apiPath('/dislocation/wagons/:number'), ({ params }) =>
      params.number === '50070291'
        ? HttpResponse.json(
            wagonDetail.parse({
              number: '50070291',
              station: 'Дербент',
              state: 'atDestination',
              seenAt: '2026-11-22T15:10:00.000Z',
              timeline: [
                { id: 2, station: 'Дербент', state: 'atDestination', seenAt: '2026-11-22T15:10:00.000Z', source: { importId: 2, fileName: 'dislocation-example.csv', line: 3 } },
                { id: 1, station: 'Samur', state: 'loaded', seenAt: '2026-11-20T03:45:00.000Z', source: { importId: 2, fileName: 'dislocation-example.csv', line: 2 } },
              ],
              invoices: [],
            }),
          )
        : errorResponse(404, 'notFound', 'No such wagon.'),
    ),
  ];
}
