import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { IMPORT_PREVIEW_ROWS, importResult, type ImportResult } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';

// The import pipeline over a file longer than a batch (1,000 rows) and than the answer's list
// (IMPORT_PREVIEW_ROWS): duplicates found across batches, the rows listed, the preview and the import
// answering alike, and a second import changing nothing.

const HEADER = 'Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа';
const ROWS = 2600;
const date = (i: number) => `${String((i % 28) + 1).padStart(2, '0')}.${String((i % 12) + 1).padStart(2, '0')}.2026`;
// Line n of the file is data row n - 1 (line 1 is the header). Rows 1..ROWS are invoices INV-T-<i>,
// except: every 400th has a day that does not exist; row 1001 repeats row 1000 (the first two
// batches' border) and row 2500 repeats row 5 (three batches apart).
const row = (i: number): { text: string; refuse: 'badDate' | 'duplicateRow' | null; summary: string } => {
  if (i % 400 === 0) return { text: `31.02.2026;Поступление;INV-T-${i};1400123453;Baku Electronics;${i},00;AZN;;;`, refuse: 'badDate', summary: `Baku Electronics · Поступление · INV-T-${i} · 31.02.2026 · ${i},00` };
  const of = i === 1001 ? 999 : i === 2500 ? 5 : i; // row 1000 is refused (badDate), so repeat 999 instead
  const text = `${date(of)};Поступление;INV-T-${of};1400123453;Baku Electronics;${of},00;AZN;;;`;
  return { text, refuse: of === i ? null : 'duplicateRow', summary: `Baku Electronics · Поступление · INV-T-${of} · ${date(of)} · ${of},00` };
};
const rows = Array.from({ length: ROWS }, (_, k) => ({ line: k + 2, ...row(k + 1) }));
const file = iconv.encode(`${HEADER}\r\n${rows.map((r) => r.text).join('\r\n')}\r\n`, 'win1251');

describe.each(backends)('the 1C import over several batches on %s', (backend) => {
  let t: TestApp;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });
  const oneC = async (action: 'preview' | 'import', bytes: Buffer): Promise<ImportResult> => {
    const res = await t.as(accountant, { method: 'POST', url: `/api/debtReports/1CData/${action}`, ...multipart([{ file: 'batches.csv', bytes }]) });
    expect(res.statusCode, res.body).toBe(200);
    return importResult.parse(res.json());
  };

  const refused = rows.filter((r) => r.refuse !== null);
  const good = rows.filter((r) => r.refuse === null);

  it('previews it: every bad and duplicate row refused with its reason, the first good rows listed in file order with how they read', async () => {
    expect(refused.map((r) => r.refuse)).toContain('duplicateRow');
    const preview = await oneC('preview', file);
    expect(preview.counts).toEqual({ total: ROWS, create: good.length, change: 0, same: 0, refuse: refused.length });
    expect(preview.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(preview.rowsTruncated).toBe(true);
    const listed = [
      ...refused.map((r) => ({ line: r.line, action: 'refuse', reason: r.refuse, field: r.refuse === 'badDate' ? 'date' : null, summary: r.summary })),
      ...good.map((r) => ({ line: r.line, action: 'create', reason: null, field: null, summary: r.summary })),
    ].slice(0, IMPORT_PREVIEW_ROWS);
    expect(preview.rows).toEqual(listed);
    expect(preview.rows.filter((r) => r.reason === 'duplicateRow').map((r) => r.line)).toEqual([1002, 2501]);
  });

  it('imports it answering as the preview did, and a second import finds every row the same and the duplicates still refused', async () => {
    const preview = await oneC('preview', file);
    const first = await oneC('import', file);
    expect(first.importId).toBeGreaterThan(0);
    expect({ ...first, importId: null }).toEqual(preview);

    const again = await oneC('import', file);
    expect(again.counts).toEqual({ total: ROWS, create: 0, change: 0, same: good.length, refuse: refused.length });
    expect(again.rows.filter((r) => r.action === 'refuse')).toEqual(preview.rows.filter((r) => r.action === 'refuse'));
    expect(again.rows.filter((r) => r.action !== 'refuse').map((r) => [r.line, r.action])).toEqual(good.slice(0, again.rows.length - refused.length).map((r) => [r.line, 'same']));
  });

  it('finds a changed row far down the file as a change, listed before the rows that are the same', async () => {
    const last = good.at(-1)!;
    const changed = Buffer.concat([iconv.encode(`${HEADER}\r\n`, 'win1251'), iconv.encode(`${good[0]!.text}\r\n${last.text.replace(/;\d+,00;/, ';1,50;')}\r\n`, 'win1251')]);
    const preview = await oneC('preview', changed);
    expect(preview.counts).toMatchObject({ total: 2, same: 1, change: 1 });
    expect(preview.rows.map((r) => [r.line, r.action])).toEqual([
      [3, 'change'],
      [2, 'same'],
    ]);
  });

  it('refuses a file over the upload limit with 413 fileTooLarge, importing nothing of it (a part cut at the limit ends without an error)', async () => {
    const config = t.app.deps.config;
    const saved = config.uploadMaxTotalBytes;
    config.uploadMaxTotalBytes = 1000;
    try {
      const res = await t.as(accountant, { method: 'POST', url: '/api/debtReports/1CData/import', ...multipart([{ file: 'big.csv', bytes: file }]) });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'fileTooLarge', details: { maxBytes: 1000 } });
    } finally {
      config.uploadMaxTotalBytes = saved;
    }
    const imports = await t.as(accountant, { method: 'GET', url: '/api/debtReports/1CData/imports' });
    expect(imports.json<{ fileName: string }[]>().map((i) => i.fileName)).not.toContain('big.csv');
  });
});
