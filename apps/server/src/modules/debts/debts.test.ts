import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { debtAgeing, debtAgeingAll, debtListResponse, debtReportDetail, debtYearlyData, importResult, wagonDetail, wagonListResponse, type ImportResult } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { DEBT_EXAMPLES } from './debts.seed';
import { registerWagonInvoiceLookup } from './debts.invoice-link';

const HEADER = 'Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа';

describe.each(backends)('debt reports and the 1C import on %s', (backend) => {
  let t: TestApp;
  let accountant: string;
  let director: string;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [accountant, director, employee] = await Promise.all([t.login('accountant@servicedesk.az'), t.login('director@servicedesk.az'), t.login('employee@servicedesk.az')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (url: string, name: string, bytes: Buffer, token = accountant) => {
    const res = await t.as(token, { method: 'POST', url, ...multipart([{ file: name, bytes }]) });
    return res;
  };
  const oneC = async (action: 'preview' | 'import', bytes: Buffer, name = 'export.csv'): Promise<ImportResult> => {
    const res = await upload(`/api/debtReports/1CData/${action}`, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return importResult.parse(res.json());
  };
  const reportOf = async (search: string) => {
    const res = await t.as(accountant, { method: 'POST', url: '/api/debtReports/grid', payload: { search } });
    return debtListResponse.parse(res.json()).rows[0]!;
  };

  it('previews the example file: says it is Windows-1251 with semicolons, lists what it would create and refuses bad rows with their reason — saving nothing', async () => {
    const preview = await oneC('preview', readFileSync(DEBT_EXAMPLES.oneC), '1c-example.csv');
    expect(preview).toMatchObject({ importId: null, encoding: 'windows-1251', separator: ';', counts: { total: 11, create: 8, change: 0, same: 0, refuse: 3 } });
    expect(preview.rows.slice(0, 3).map((r) => [r.line, r.reason, r.field])).toEqual([
      [10, 'badDate', 'date'],
      [11, 'unknownCounterparty', 'tin'],
      [12, 'duplicateRow', null],
    ]);
    const grid = await t.as(accountant, { method: 'POST', url: '/api/debtReports/grid', payload: { search: 'Baku Electronics' } });
    expect(debtListResponse.parse(grid.json()).rows).toEqual([]);
  });

  it('imports it, and importing the same file again changes nothing', async () => {
    const first = await oneC('import', readFileSync(DEBT_EXAMPLES.oneC), '1c-example.csv');
    expect(first.importId).toBeGreaterThan(0);
    expect(first.counts).toMatchObject({ create: 8, refuse: 3 });
    const row = await reportOf('Baku Electronics');
    expect(row).toMatchObject({ balanceMinor: 1_550_050, invoicedMinor: 2_050_050, paidMinor: 1_000_000, currency: 'AZN', groupName: 'Təchizatçılar' });

    const again = await oneC('import', readFileSync(DEBT_EXAMPLES.oneC), '1c-example.csv');
    expect(again.counts).toMatchObject({ create: 0, change: 0, same: 8, refuse: 3 });
    expect(await reportOf('Baku Electronics')).toEqual(row);
  });

  it('keeps each entry’s file and line, so a balance can be explained', async () => {
    const { id } = await reportOf('Baku Electronics');
    const entries = (await t.as(accountant, { method: 'GET', url: `/api/debtReports/${id}/entries` })).json() as { docNumber: string; source: { fileName: string; line: number } }[];
    expect(entries.find((e) => e.docNumber === 'BE-0315')?.source).toMatchObject({ fileName: '1c-example.csv', line: 3 });
    const payments = (await t.as(accountant, { method: 'GET', url: `/api/debtReports/${id}/paymentHistory` })).json() as { docNumber: string; paymentType: string; amountMinor: number }[];
    expect(payments).toEqual([expect.objectContaining({ docNumber: 'PP-1110', paymentType: 'Bank köçürməsi', amountMinor: 1_000_000 })]);
  });

  it('finds a changed amount as a change, and reads UTF-8 with BOM and commas too', async () => {
    const text = `${HEADER.replaceAll(';', ',')}\n15.03.2026,Поступление,BE-0315,1400123453,Baku Electronics,"12 600,50",AZN,14.04.2026,,\n`;
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const preview = await oneC('preview', bytes);
    expect(preview).toMatchObject({ encoding: 'utf-8-bom', separator: ',', counts: { change: 1, create: 0 } });
    await oneC('import', bytes, 'correction.csv');
    expect((await reportOf('Baku Electronics')).balanceMinor).toBe(1_560_050);
  });

  it('refuses unknown document types, payment types, groups, other currencies and missing columns', async () => {
    const rows = [
      '01.03.2026;Подарок;G-1;1400123453;;10,00;;;;',
      '01.03.2026;Оплата;P-9;1400123453;;10,00;;;CHEQUE;',
      '01.03.2026;Поступление;I-9;1400123453;;10,00;;;;Nobody',
      '01.03.2026;Поступление;I-10;1400123453;;10,00;USD;;;',
      '01.03.2026;Поступление;;1400123453;;10,00;;;;',
      '01.03.2026;Поступление;I-11;1400123453;;-5,00;;;;',
    ];
    const preview = await oneC('preview', iconv.encode(`${HEADER}\r\n${rows.join('\r\n')}\r\n`, 'win1251'));
    expect(preview.rows.map((r) => r.reason)).toEqual(['unknownDocType', 'unknownPaymentType', 'unknownGroup', 'currencyMismatch', 'missingField', 'badAmount']);
    const missing = await upload('/api/debtReports/1CData/preview', 'x.csv', Buffer.from('Foo;Bar\n1;2\n'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'missingColumns', details: { columns: ['date', 'docType', 'amount'] } });
  });

  it('ages the debt as of today and as of a past date, which ignores later payments', async () => {
    const { id } = await reportOf('Baku Electronics');
    const past = debtAgeing.parse((await t.as(accountant, { method: 'GET', url: `/api/debtReports/${id}/ageing?asOf=2026-10-31` })).json());
    expect(past.buckets).toEqual({ d0_30: 800_000, d31_60: 0, d61_90: 0, d90plus: 1_760_050 });
    const later = debtAgeing.parse((await t.as(accountant, { method: 'GET', url: `/api/debtReports/${id}/ageing?asOf=2026-11-24` })).json());
    expect(later.buckets).toEqual({ d0_30: 0, d31_60: 800_000, d61_90: 0, d90plus: 760_050 });
    expect(later.totalMinor).toBe(1_560_050);
    const all = debtAgeingAll.parse((await t.as(accountant, { method: 'GET', url: '/api/debtReports/ageing?asOf=2026-11-24' })).json());
    expect(all.currencies.find((c) => c.currency === 'AZN')!.totalMinor).toBeGreaterThan(later.totalMinor);
    expect(all.rows.find((r) => r.id === id)).toMatchObject({ currency: 'AZN', totalMinor: later.totalMinor });
  });

  it('gives the year in 12 months with the opening balance', async () => {
    const { id } = await reportOf('Baku Electronics');
    const year = debtYearlyData.parse((await t.as(accountant, { method: 'GET', url: `/api/debtReports/${id}/yearlyData?year=2026` })).json());
    expect(year.openingMinor).toBe(500_000);
    expect(year.months[2]).toEqual({ month: 3, invoicedMinor: 1_260_050, paidMinor: 0, closingMinor: 1_760_050 });
    expect(year.months[10]).toMatchObject({ paidMinor: 1_000_000 });
    expect(year.closingMinor).toBe(1_560_050);
  });

  it('changes the status with its history, notifies the @mentioned and refuses those without the right', async () => {
    const { id } = await reportOf('Baku Electronics');
    const directorId = ((await t.as(director, { method: 'GET', url: '/api/global/getCurrentUser' })).json() as { id: number }).id;
    const comment = await t.as(accountant, { method: 'POST', url: `/api/debtReports/${id}/comments`, payload: { text: '@Director baxın', mentionedUserIds: [directorId] } });
    expect(comment.statusCode, comment.body).toBe(200);
    const bell = (await t.as(director, { method: 'POST', url: '/api/global/Layout/GetHeaderNotifications', payload: { skipCount: 0, isRead: false } })).json() as { notifications: { desc: string; redirectUrl: string }[] };
    expect(bell.notifications[0]).toMatchObject({ desc: 'debts.notifications.mentioned', redirectUrl: `/home/finance/debt-reports/${id}` });

    const changed = await t.as(accountant, { method: 'POST', url: `/api/debtReports/${id}/status`, payload: { status: 'watch', comment: 'Gecikmə var' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const detail = debtReportDetail.parse(changed.json());
    expect(detail.status).toBe('watch');
    expect(detail.history.at(-1)).toMatchObject({ action: 'status', fromStatus: 'normal', toStatus: 'watch', comment: 'Gecikmə var' });
    expect(detail.comments.at(-1)?.text).toBe('@Director baxın');

    expect((await t.as(accountant, { method: 'POST', url: `/api/debtReports/${id}/status`, payload: { status: 'watch' } })).json()).toMatchObject({ code: 'statusUnchanged' });
    expect((await t.as(accountant, { method: 'POST', url: `/api/debtReports/${id}/status`, payload: { status: 'writtenOff' } })).json()).toMatchObject({ code: 'commentRequired' });
    expect((await t.as(director, { method: 'POST', url: `/api/debtReports/${id}/status`, payload: { status: 'normal' } })).statusCode).toBe(403);
    expect((await t.as(employee, { method: 'GET', url: `/api/debtReports/${id}` })).statusCode).toBe(403);
    expect((await upload('/api/debtReports/1CData/preview', 'x.csv', readFileSync(DEBT_EXAMPLES.oneC), director)).statusCode).toBe(403);
  });

  it('shows the seeded report in every status, with groups and payment types', async () => {
    const statuses = await Promise.all(
      (['normal', 'watch', 'inDispute', 'writtenOff'] as const).map(async (status) => {
        const res = await t.as(accountant, { method: 'POST', url: '/api/debtReports/grid', payload: { status } });
        return debtListResponse.parse(res.json()).total;
      }),
    );
    expect(statuses.every((n) => n > 0)).toBe(true);
    const types = (await t.as(accountant, { method: 'GET', url: '/api/debtReports/paymentTypes' })).json() as { code: string; payments: number }[];
    expect(types.find((p) => p.code === 'BANK')?.payments).toBeGreaterThan(0);
    const created = await t.as(accountant, { method: 'POST', url: '/api/debtReports/paymentTypes', payload: { code: 'LC', name: 'Akkreditiv' } });
    expect(created.statusCode).toBe(200);
    expect((await t.as(accountant, { method: 'POST', url: '/api/debtReports/paymentTypes', payload: { code: 'LC', name: 'Again' } })).statusCode).toBe(409);
  });
});

describe.each(backends)('wagon dislocation on %s', (backend) => {
  let t: TestApp;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    registerWagonInvoiceLookup(null);
    await t?.close();
  });
  const send = async (action: 'preview' | 'import', bytes: Buffer) => {
    const res = await t.as(accountant, { method: 'POST', url: `/api/dislocation/${action}`, ...multipart([{ file: 'dislocation-example.csv', bytes }]) });
    expect(res.statusCode, res.body).toBe(200);
    return importResult.parse(res.json());
  };

  it('previews a snapshot (bad wagon numbers and states refused), imports it once, and a second import changes nothing', async () => {
    const bytes = readFileSync(DEBT_EXAMPLES.dislocation);
    const preview = await send('preview', bytes);
    expect(preview).toMatchObject({ encoding: 'windows-1251', counts: { total: 7, create: 5, refuse: 2 } });
    expect(preview.rows.slice(0, 2).map((r) => [r.line, r.reason])).toEqual([
      [7, 'badWagonNumber'],
      [8, 'unknownState'],
    ]);
    expect((await send('import', bytes)).counts.create).toBe(5);
    expect((await send('import', bytes)).counts).toMatchObject({ create: 0, change: 0, same: 5 });
  });

  it('shows a wagon’s last status and its timeline, newest first, linked to its invoices through the seam', async () => {
    registerWagonInvoiceLookup(async (_deps, _user, numbers) => new Map(numbers.map((n) => [n, [{ id: 7, number: 'VI-2026-000007', url: '/home/finance/vendor-invoices/7' }]])));
    const grid = wagonListResponse.parse((await t.as(accountant, { method: 'POST', url: '/api/dislocation/wagons/grid', payload: { search: '50070291' } })).json());
    expect(grid.rows[0]).toMatchObject({ number: '50070291', station: 'Дербент', state: 'atDestination', sightings: 4 });
    const detail = wagonDetail.parse((await t.as(accountant, { method: 'GET', url: '/api/dislocation/wagons/50070291' })).json());
    expect(detail.timeline.map((s) => s.station)).toEqual(['Дербент', 'Samur', 'Yalama', 'Bakı-Çeşidləmə']);
    expect(detail.timeline[0]?.source).toMatchObject({ fileName: 'dislocation-example.csv', line: 3 });
    expect(detail.invoices).toEqual([{ id: 7, number: 'VI-2026-000007', url: '/home/finance/vendor-invoices/7' }]);
    expect((await t.as(accountant, { method: 'GET', url: '/api/dislocation/wagons/12345678' })).statusCode).toBe(404);
  });
});
