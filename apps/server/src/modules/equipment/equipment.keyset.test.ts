import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EQUIPMENT_SORT_FIELDS } from '@servicedesk/contracts';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';
import { generateEquipmentRequests } from './equipment.generator';

/*
 * The equipment requests grid's keyset cursor (issue #44): walking it with `after: nextCursor`
 * answers every request of the scope exactly once, in its order — for each sort, both
 * directions, with many requests sharing a creation time, an update time and a total — and a
 * person's own list (`mine`: as requester or as author, two walks merged) never another's. The
 * expected rows are read from the table with the scope written out. The list cache is off.
 */

const TAKE = 6;
const order: Record<(typeof EQUIPMENT_SORT_FIELDS)[number], string> = {
  number: 'year, seq',
  createdAt: 'created_at, id',
  updatedAt: 'updated_at, id',
  status: 'status, created_at, id',
  total: 'total, id',
};

describe.each(backends)('equipment grid keyset paging on %s', (backend) => {
  let t: TestApp;
  const token: Record<'admin' | 'employee' | 'keeper', string> = { admin: '', employee: '', keeper: '' };
  let employeeId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    const db = t.app.deps.db;
    await generateEquipmentRequests(db, 70, { extraUsers: 4 });
    employeeId = Number(executedRows<{ id: number }>(await db.execute(sql`select id from users where email = 'employee@servicedesk.az'`))[0]!.id);
    // The employee's: requested for them (every 5th), entered by them for someone else (every 7th).
    await db.execute(sql`update equipment_requests set requester_id = ${employeeId} where id % 5 = 0`);
    await db.execute(sql`update equipment_requests set created_by_id = ${employeeId} where id % 7 = 0 and id % 5 <> 0`);
    // Equal sort keys in runs.
    await db.execute(sql`update equipment_requests set created_at = date_trunc('week', created_at), updated_at = date_trunc('month', updated_at), total = 1000 * (id % 3)`);
    for (const who of ['admin', 'employee', 'keeper'] as const) token[who] = await t.login(`${who === 'keeper' ? 'warehouse' : who}@servicedesk.az`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (where: ReturnType<typeof sql>, columns: string, dir: string) =>
    executedRows<{ id: number }>(
      await t.app.deps.db.execute(sql`select id from equipment_requests where ${where} order by ${sql.raw(columns.split(', ').map((c) => `${c} ${dir}`).join(', '))}`),
    ).map((r) => Number(r.id));
  const walk = (as: keyof typeof token, query: Record<string, unknown>) =>
    walkPages(async (after) => {
      const res = await t.as(token[as], { method: 'POST', url: '/api/equipment/requests/grid', payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as KeysetAnswer;
    }, TAKE);

  it.each(EQUIPMENT_SORT_FIELDS.flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'sorted by $sort $sortDir: all (admin), mine (employee) and the processing queue (keeper), each request once',
    async ({ sort, sortDir }) => {
      const all = await ids(sql`true`, order[sort], sortDir);
      expectSameWalk(await walk('admin', { scope: 'all', sort, sortDir }), all, `all by ${sort} ${sortDir}`);
      const mine = await ids(sql`requester_id = ${employeeId} or created_by_id = ${employeeId}`, order[sort], sortDir);
      expect(mine.length).toBeGreaterThan(2 * TAKE);
      expect(mine.length).toBeLessThan(all.length);
      expectSameWalk(await walk('employee', { scope: 'mine', sort, sortDir }), mine, `mine by ${sort} ${sortDir}`);
      const processing = await ids(sql`status in ('APPROVED', 'PROCESSED')`, order[sort], sortDir);
      expectSameWalk(await walk('keeper', { scope: 'processing', sort, sortDir }), processing, `processing by ${sort} ${sortDir}`);
    },
  );

  it('a search walks its matches once (few: through the trigram indexes)', async () => {
    const expected = await ids(sql`justification ilike '%sorğu 1%'`, order.createdAt, 'desc');
    expect(expected.length).toBeGreaterThan(TAKE);
    expectSameWalk(await walk('admin', { scope: 'all', search: 'sorğu 1' }), expected, 'search');
  });
});
