import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialImportResult, materialListResponse, type MaterialImportRow } from '@servicedesk/contracts';
import { closeJobs } from '../../lib/workers/jobs';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { probeWhile } from '../../../test/probe';

/* The materials import (issue #13): a preview of what will change, then all of it at once. */
describe('materials import', () => {
  let t: TestApp;
  let keeper: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    keeper = await t.login('warehouse@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
    await closeJobs();
  });
  const run = async (rows: MaterialImportRow[], apply = false) => {
    const res = await t.as(keeper, { method: 'POST', url: '/api/stock/materials/import', payload: { rows, apply } });
    return { status: res.statusCode, body: res.json() };
  };

  it('previews creates, updates (with the fields) and errors, writes nothing until applied, then applies all at once', async () => {
    const rows = [
      { code: 'IMP-1', name: 'Skaner Canon LiDE 300', group: 'Kompüter texnikası / Çap texnikası', unit: 'ədəd', minLevel: '2', parameters: 'Növ: planşet' },
      { code: 'PP-A4', name: 'A4 kağız, 500 vərəq (Double A)', group: 'Kağız məhsulları', unit: 'box' },
      { code: 'NB-DL5440', name: 'Noutbuk Dell Latitude 5440', group: 'Laptops', unit: 'piece', minLevel: '3' },
      { code: 'IMP-2', name: 'Naməlum', group: 'Yoxdur', unit: 'ədəd' },
      { code: 'IMP-1', name: 'Təkrar', group: 'Mebel', unit: 'ədəd' },
    ];
    const preview = materialImportResult.parse((await run(rows)).body);
    expect(preview.rows.map((r) => [r.code, r.action, r.changes, r.error])).toEqual([
      ['IMP-1', 'create', [], null],
      ['PP-A4', 'update', ['name'], null],
      ['NB-DL5440', 'unchanged', [], null],
      ['IMP-2', 'error', [], 'unknownGroup'],
      ['IMP-1', 'error', [], 'duplicateCode'],
    ]);
    expect(preview).toMatchObject({ created: 1, updated: 1, errors: 2, applied: false });
    // Nothing written; applying with errors is refused.
    const grid = async (search: string) =>
      materialListResponse.parse((await t.as(keeper, { method: 'POST', url: '/api/stock/materials/grid', payload: { search } })).json()).rows;
    expect(await grid('IMP-1')).toEqual([]);
    expect((await run(rows, true)).body).toMatchObject({ code: 'importHasErrors' });

    const applied = materialImportResult.parse((await run(rows.slice(0, 3), true)).body);
    expect(applied).toMatchObject({ created: 1, updated: 1, errors: 0, applied: true });
    expect((await grid('IMP-1'))[0]).toMatchObject({ name: 'Skaner Canon LiDE 300', unitCode: 'pcs', minLevel: 2, parameters: [{ name: 'Növ', value: 'planşet' }] });
    expect((await grid('PP-A4'))[0]!.name).toBe('A4 kağız, 500 vərəq (Double A)');
    // The unit of a material with movements stays.
    const locked = materialImportResult.parse((await run([{ code: 'PP-A4', name: 'A4', group: 'Kağız məhsulları', unit: 'kg' }])).body);
    expect(locked.rows[0]).toMatchObject({ action: 'error', error: 'unitLocked' });
  });

  it('decides 5,000 rows off the event loop (issue #42): other requests are answered meanwhile, each in under 200 ms', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ code: `BULK-${i}`, name: `Material ${i}`, group: i % 2 ? 'Kompüter texnikası / Çap texnikası' : 'Kağız məhsulları', unit: 'ədəd', minLevel: '2', parameters: 'Növ: planşet; Rəng: qara' }));
    const { value, latencies, answeredDuring } = await probeWhile(t.app, () => run(rows));
    expect(value.status).toBe(200);
    expect(materialImportResult.parse(value.body)).toMatchObject({ created: 5000, updated: 0, errors: 0, applied: false });
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    // Those answered while the work still ran: the last may meet the answer being written after it.
    expect(Math.max(...latencies.slice(0, answeredDuring))).toBeLessThan(200);
  });
});
