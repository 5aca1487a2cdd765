import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { VENDOR_INVOICE_SORT_FIELDS } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';
import { VENDOR_INVOICE_KIND } from './finance.kind';

/*
 * The vendor-invoice grid's and the accounting pool's keyset cursor (issue #44): walking them
 * with `after: nextCursor` answers every invoice the caller may see exactly once, in the grid's
 * order — each sort, both directions, many invoices sharing a time, a date, a number and a total —
 * and none they may not: the clerk (no viewAll) sees what they wrote, what they took, their
 * group's and what they were @mentioned on (newest first: those parts walked each in its own
 * index and merged), written out here as SQL. The list cache is off.
 */

const TAKE = 7;
const order: Record<(typeof VENDOR_INVOICE_SORT_FIELDS)[number], string> = {
  createdAt: 'created_at, id',
  updatedAt: 'updated_at, id',
  invoiceDate: 'invoice_date, id',
  number: 'number, id',
  grossTotal: 'gross_total, id',
  status: 'status, created_at, id',
};

describe.each(backends)('finance grids keyset paging on %s', (backend) => {
  let t: TestApp;
  const token = {} as Record<'admin' | 'clerk' | 'accountant', string>;
  let clerk: number;
  let accountant: number;
  beforeAll(async () => {
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    const db = t.app.deps.db;
    const id = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    clerk = await id('clerk@servicedesk.az');
    accountant = await id('accountant@servicedesk.az');
    await db.execute(sql`insert into modal_elements (kind, name, name_key) select 'vendor', 'Açar təchizatçı ' || g, 'açar təchizatçı ' || g from generate_series(1, 8) g`);
    // 120 invoices: a number on eight vendors each, times, dates and totals in runs; the clerk
    // writes two fifths, their group (Hüquq) holds a third, the accountant took a few.
    await db.execute(sql`
      with vs as (select array_agg(id order by id) as ids from modal_elements where name like 'Açar təchizatçı %'),
      s as (select g, (array['DRAFT','WAREHOUSE_CHECK','DIRECTOR_APPROVAL','ACCOUNTING_POOL','ACCOUNTING_POOL','PAID','REJECTED','RETURNED'])[1 + g % 8] as status from generate_series(1, 120) g)
      insert into vendor_invoices (number, number_key, vendor_id, invoice_date, group_id, status, gross_total, author_id, taken_by_id, created_at, updated_at, deleted_at)
      select 'QF-' || (g / 8), 'qf' || (g / 8), vs.ids[1 + g % 8], date '2026-01-01' + (g % 6),
        case g % 3 when 0 then (select id from groups where name = 'Hüquq') when 1 then (select id from groups where name = 'Maliyyə') end,
        status, 1000 * (g % 4), case when g % 5 < 2 then ${clerk}::int else ${accountant}::int end,
        case when status = 'ACCOUNTING_POOL' and g % 2 = 0 then ${accountant}::int when g = 31 then ${clerk}::int end,
        timestamptz '2026-01-01T00:00:00Z' + (g % 9) * interval '1 hour', timestamptz '2026-02-01T00:00:00Z' + (g % 7) * interval '1 hour',
        case when g % 23 = 0 then now() end
      from s, vs`);
    // The clerk @mentioned on one they have no other part in.
    await db.execute(sql`insert into record_watchers (record_kind, record_id, user_id, added_by)
      select ${VENDOR_INVOICE_KIND}, id, ${clerk}::int, ${accountant}::int from vendor_invoices
      where author_id <> ${clerk} and coalesce(taken_by_id, 0) <> ${clerk} and group_id = (select id from groups where name = 'Maliyyə') and deleted_at is null
      order by id limit 1`);
    for (const who of ['admin', 'clerk', 'accountant'] as const) token[who] = await t.login(`${who}@servicedesk.az`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (where: SQL, columns: string, dir: string) =>
    executedRows<{ id: number }>(
      await t.app.deps.db.execute(
        sql`select id from vendor_invoices where deleted_at is null and ${where} order by ${sql.raw(columns.split(', ').map((c) => `${c} ${dir}`).join(', '))}`,
      ),
    ).map((r) => Number(r.id));
  const walk = (who: keyof typeof token, url: string, query: Record<string, unknown>) =>
    walkPages(async (after) => {
      const res = await t.as(token[who], { method: 'POST', url, payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as KeysetAnswer;
    }, TAKE);
  const clerksPart = () =>
    sql`(author_id = ${clerk} or taken_by_id = ${clerk} or group_id in (select group_id from group_members where user_id = ${clerk})
      or exists (select 1 from record_watchers w where w.record_kind = ${VENDOR_INVOICE_KIND} and w.record_id = vendor_invoices.id and w.user_id = ${clerk}))`;

  it.each(VENDOR_INVOICE_SORT_FIELDS.flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'sorted by $sort $sortDir: every invoice for the admin, the clerk’s part for the clerk, their own as mine — each once',
    async ({ sort, sortDir }) => {
      const all = await ids(sql`true`, order[sort], sortDir);
      expectSameWalk(await walk('admin', '/api/finance/vendorInvoices/grid', { scope: 'all', sort, sortDir }), all, `admin by ${sort} ${sortDir}`);
      const part = await ids(clerksPart(), order[sort], sortDir);
      expect(part.length).toBeGreaterThan(2 * TAKE);
      expect(part.length).toBeLessThan(all.length);
      expectSameWalk(await walk('clerk', '/api/finance/vendorInvoices/grid', { scope: 'all', sort, sortDir }), part, `clerk by ${sort} ${sortDir}`);
      const mine = await ids(sql`author_id = ${clerk}`, order[sort], sortDir);
      expectSameWalk(await walk('clerk', '/api/finance/vendorInvoices/grid', { scope: 'mine', sort, sortDir }), mine, `clerk's own by ${sort} ${sortDir}`);
      const pool = await ids(sql`status = 'ACCOUNTING_POOL'`, order[sort], sortDir);
      expectSameWalk(await walk('accountant', '/api/finance/accountingPool/grid', { sort, sortDir }), pool, `pool by ${sort} ${sortDir}`);
      const free = await ids(sql`status = 'ACCOUNTING_POOL' and taken_by_id is null`, order[sort], sortDir);
      expectSameWalk(await walk('accountant', '/api/finance/accountingPool/grid', { taken: 'free', sort, sortDir }), free, `free pool by ${sort} ${sortDir}`);
    },
  );
});
