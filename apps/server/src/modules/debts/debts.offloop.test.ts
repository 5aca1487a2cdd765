import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { importResult } from '@servicedesk/contracts';
import az from '@servicedesk/i18n/locales/az/errors.json' with { type: 'json' };
import { executedRows } from '../../lib/lists/list-page';
import { closeJobs } from '../../lib/workers/jobs';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { probeWhile } from '../../../test/probe';
import { csvReadJob } from './debts.import';

// Issue #42 "heavy work off the event loop": the 1C file is read in a worker thread, so a large
// preview no longer holds every other request (a 50,000-row preview took 3.5–11.4 s of the event
// loop), and a read past its limits is stopped with a translated refusal, nothing imported.

const HEADER = 'Дата;ВидДокумента;Номер;ИНН;Контрагент;Сумма;Валюта;СрокОплаты;ВидОплаты;Группа';
const ROWS = 50_000;
const date = (i: number) => `${String((i % 28) + 1).padStart(2, '0')}.${String((i % 12) + 1).padStart(2, '0')}.2026`;
/** A 50,000-row 1C export (Windows-1251): invoices of the demo's Baku Electronics, each new. */
const file = iconv.encode(
  `${HEADER}\r\n${Array.from({ length: ROWS }, (_, i) => `${date(i)};Поступление;INV-OFF-${i};1400123453;Baku Electronics;${i + 1},00;AZN;;;`).join('\r\n')}\r\n`,
  'win1251',
);

describe('the 1C import off the event loop', () => {
  let t: TestApp;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
    await closeJobs();
  });
  const send = (action: 'preview' | 'import', bytes: Buffer, language = 'en') => {
    const body = multipart([{ file: 'offloop.csv', bytes }]);
    return t.as(accountant, { method: 'POST', url: `/api/debtReports/1CData/${action}`, payload: body.payload, headers: { ...body.headers, 'accept-language': language } });
  };
  const entries = async () => Number(executedRows<{ n: string }>(await t.app.deps.db.execute(sql`select count(*) as n from debt_entries`))[0]!.n);

  it('previews a 50,000-row file while other requests are answered, each in under 200 ms', async () => {
    const { value: res, latencies, answeredDuring } = await probeWhile(t.app, () => send('preview', file));
    expect(res.statusCode, res.body).toBe(200);
    expect(importResult.parse(res.json()).counts).toEqual({ total: ROWS, create: ROWS, change: 0, same: 0, refuse: 0 });
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    // Those answered while the work still ran: the last may meet the answer being written after it.
    expect(Math.max(...latencies.slice(0, answeredDuring))).toBeLessThan(200);
  });

  it('stops a file read past its time limit: 422 workTimedOut in the caller’s language, nothing imported, the server serving on', async () => {
    const before = await entries();
    const saved = csvReadJob.limits.timeoutMs;
    csvReadJob.limits.timeoutMs = 100;
    try {
      const res = await send('import', file, 'az');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ code: 'workTimedOut', message: az.errors.api.workTimedOut.replace('{{seconds}}', '1'), details: { seconds: 1 } });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      csvReadJob.limits.timeoutMs = saved;
    }
    expect(await entries()).toBe(before);
    const imports = await t.as(accountant, { method: 'GET', url: '/api/debtReports/1CData/imports' });
    expect(imports.json<{ fileName: string }[]>().map((i) => i.fileName)).not.toContain('offloop.csv');
    // The pool replaced the stopped worker: the next file is read.
    const small = iconv.encode(`${HEADER}\r\n${date(1)};Поступление;INV-OFF-SMALL;1400123453;Baku Electronics;5,00;AZN;;;\r\n`, 'win1251');
    const next = await send('preview', small);
    expect(next.statusCode, next.body).toBe(200);
    expect(importResult.parse(next.json()).counts).toMatchObject({ total: 1, create: 1 });
  });
});
