import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';

/*
 * The debt reports' and the wagons' keyset cursor (issue #44): walking a grid with `after:
 * nextCursor` answers every row exactly once, in its order — each keyset sort, both directions,
 * many rows sharing a balance, a status, a name, a station or a sighting time. The sort by the last
 * entry's date (which may be missing) pages by skip: no cursor, as before. Expected rows read
 * straight from the tables. (debts.keyset.ts is another keyset: the import's set of row keys.)
 */

const TAKE = 7;

describe.each(backends)('debt reports keyset paging on %s', (backend) => {
  let t: TestApp;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    const db = t.app.deps.db;
    // 60 counterparties, every fourth named alike; balances and statuses in runs.
    await db.execute(sql`insert into modal_elements (kind, name, name_key) select 'vendor', case when g % 4 = 0 then 'Açar MMC' else 'Açar podratçı ' || g end, 'açar podratçı ' || g from generate_series(1, 60) g`);
    await db.execute(sql`insert into debt_counterparties (id, status, balance_minor, last_entry_date)
      select id, (array['normal','watch','inDispute'])[1 + id % 3], 1000 * (id % 5), case when id % 6 <> 0 then date '2026-01-01' + id % 4 end
      from modal_elements where name_key like 'açar podratçı %'`);
    await db.execute(sql`insert into wagons (number, station, state, seen_at, sightings)
      select lpad((70000000 + g)::text, 8, '0'), 'Stansiya ' || (g % 3), (array['loaded','empty'])[1 + g % 2], timestamptz '2026-03-01T00:00:00Z' + (g % 5) * interval '1 hour', 1
      from generate_series(1, 40) g`);
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, query: Record<string, unknown>, after: string | undefined) =>
    t.as(accountant, { method: 'POST', url, payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
  const ids = async (text: string) => executedRows<{ id: number }>(await t.app.deps.db.execute(sql.raw(text))).map((r) => Number(r.id));
  const directed = (columns: string, dir: string) => columns.split(', ').map((c) => `${c} ${dir}`).join(', ');
  const reportOrder = { balance: 'd.balance_minor, d.id', status: 'd.status, d.id', name: 'm.name, m.id' } as const;

  it.each((Object.keys(reportOrder) as (keyof typeof reportOrder)[]).flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'reports by $sort $sortDir: each counterparty once, in order',
    async ({ sort, sortDir }) => {
      const expected = await ids(`select d.id from debt_counterparties d join modal_elements m on m.id = d.id order by ${directed(reportOrder[sort], sortDir)}`);
      expect(expected.length).toBeGreaterThan(5 * TAKE);
      const walked = await walkPages(async (after) => {
        const res = await page('/api/debtReports/grid', { sort, sortDir }, after);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as KeysetAnswer;
      }, TAKE);
      expectSameWalk(walked, expected, `reports by ${sort} ${sortDir}`);
    },
  );

  it('reports by the last entry page by skip (no cursor)', async () => {
    const res = await page('/api/debtReports/grid', { sort: 'lastEntry' }, undefined);
    expect(res.statusCode).toBe(200);
    expect((res.json() as KeysetAnswer).nextCursor).toBeUndefined();
  });

  const wagonOrder = { seenAt: 'seen_at, id', number: 'number', station: 'station, id', state: 'state, id' } as const;
  it.each((Object.keys(wagonOrder) as (keyof typeof wagonOrder)[]).flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'wagons by $sort $sortDir: each wagon once, in order',
    async ({ sort, sortDir }) => {
      // The wagon rows are named by number (they carry no id): the walk compares numbers.
      const expected = executedRows<{ number: string }>(await t.app.deps.db.execute(sql.raw(`select number from wagons order by ${directed(wagonOrder[sort], sortDir)}`))).map((r) => r.number);
      const numbers = new Map(expected.map((n, i) => [n, i + 1]));
      const walked = await walkPages(async (after) => {
        const res = await page('/api/dislocation/wagons/grid', { sort, sortDir }, after);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as { rows: { number: string }[]; total: number; totalCapped: boolean; nextCursor?: string | null };
        return { ...answer, rows: answer.rows.map((r) => ({ id: numbers.get(r.number) ?? -1 })) };
      }, TAKE);
      expectSameWalk(walked, [...numbers.values()], `wagons by ${sort} ${sortDir}`);
    },
  );
});
