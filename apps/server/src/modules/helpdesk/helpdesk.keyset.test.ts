import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { HELPDESK_SORT_FIELDS, helpdeskListResponse, type HelpdeskListQuery, type HelpdeskSortField } from '@servicedesk/contracts';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { generateRequests } from './helpdesk.generator';
import { helpdeskFixture, type HelpdeskFixture, type Persona } from './helpdesk.test-support';

/*
 * The grid's keyset cursor (issue #44): paging with `after: nextCursor` returns every row exactly
 * once while rows are inserted and updated between the pages — for each sort, both directions,
 * and the scopes whose visibility is a walk of their own (all, mine, involved: its parts merged).
 * A row that was not changed while paging is returned exactly once (an offset would repeat or skip
 * rows as inserts and updates shift them); a row inserted meanwhile at most once; a changed row at
 * most once more than it was changed (its new sort keys may put it after the cursor again). No row
 * outside the caller's scope is ever returned.
 */

interface Snapshot {
  id: number;
  requesterId: number;
  assigneeId: number | null;
  groupId: number;
}

describe.each(backends)('help-desk keyset paging on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  let seq = 0;
  beforeAll(async () => {
    // The list cache off: these tests write rows straight into the table between pages (no change
    // is announced), and they test the walk itself, not the cache (issue #44: the targets hold without it).
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    f = await helpdeskFixture(t);
    await generateRequests(t.app.deps.db, 70, { extraUsers: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.deps.db;

  const page = async (as: Persona, query: HelpdeskListQuery) => {
    const res = await t.as(f.token[as], { method: 'POST', url: '/api/helpdesk/requests/grid', payload: query });
    expect(res.statusCode, res.body).toBe(200);
    return helpdeskListResponse.parse(res.json());
  };
  const snapshot = async () =>
    executedRows<Snapshot>(
      await db().execute(sql`select id, requester_id as "requesterId", assignee_id as "assigneeId", group_id as "groupId" from helpdesk_requests`),
    );
  const groupsOf = async (userId: number) =>
    executedRows<{ id: number }>(await db().execute(sql`select group_id as id from group_members where user_id = ${userId}`)).map((r) => r.id);
  /** Whether the scope of `as` holds the row (the visibility rule written out: requester, assignee, group, or everything). */
  const inScope = async (scope: 'all' | 'mine' | 'involved', as: Persona) => {
    const me = f.id[as];
    const mine = await groupsOf(me);
    return (row: Snapshot) =>
      scope === 'all' || row.requesterId === me || (scope === 'involved' && (row.assigneeId === me || mine.includes(row.groupId)));
  };

  type Change =
    | { kind: 'insert'; pick: number; createdDaysAgo: number }
    | { kind: 'update'; pick: number; status: string; priority: string; dueShiftHours: number };
  /** A change between two pages: a new request (created at a random past instant, so it may land before or after the cursor) or an update of a random one. */
  const change: fc.Arbitrary<Change> = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), createdDaysAgo: fc.integer({ min: 0, max: 700 }) }),
    fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      status: fc.constantFrom('NEW', 'IN_PROGRESS', 'ON_HOLD', 'CLOSED'),
      priority: fc.constantFrom('low', 'normal', 'high', 'critical'),
      dueShiftHours: fc.integer({ min: -500, max: 500 }),
    }),
  );

  async function apply(op: Change, touched: Map<number, number>, inserted: Set<number>) {
    const ids = executedRows<{ id: number }>(await db().execute(sql`select id from helpdesk_requests order by id`)).map((r) => r.id);
    const source = ids[op.pick % ids.length]!;
    if (op.kind === 'insert') {
      seq += 1;
      const [row] = executedRows<{ id: number }>(
        await db().execute(sql`insert into helpdesk_requests (number, year, seq, title, description, category_id, component_id, priority, requester_id,
            group_id, assignee_id, status, hold_reason, on_hold_since, due_at, created_at, updated_at)
          select ${`HD-2099-${String(seq).padStart(6, '0')}`}, 2099, ${seq}, title || ' (copy)', description, category_id, component_id, priority, requester_id,
            group_id, assignee_id, status, hold_reason, on_hold_since, due_at, now() - ${op.createdDaysAgo} * interval '1 day', now()
          from helpdesk_requests where id = ${source} returning id`),
      );
      inserted.add(row!.id);
    } else {
      await db().execute(sql`update helpdesk_requests set status = ${op.status}, priority = ${op.priority}, title = title || '+',
          on_hold_since = case when ${op.status} = 'ON_HOLD' then now() end, hold_reason = case when ${op.status} = 'ON_HOLD' then 'waitingParts' end,
          due_at = due_at + ${op.dueShiftHours} * interval '1 hour', updated_at = clock_timestamp() where id = ${source}`);
      touched.set(source, (touched.get(source) ?? 0) + 1);
    }
  }

  const cases: { as: Persona; scope: 'all' | 'mine' | 'involved' }[] = [
    { as: 'admin', scope: 'all' },
    { as: 'executor', scope: 'involved' },
    { as: 'requester', scope: 'mine' },
  ];

  it.each(HELPDESK_SORT_FIELDS.flatMap((sort) => (['desc', 'asc'] as const).map((sortDir) => ({ sort, sortDir }))))(
    'sorted by $sort $sortDir: every row exactly once while rows are inserted and updated between pages',
    async ({ sort, sortDir }: { sort: HelpdeskSortField; sortDir: 'asc' | 'desc' }) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...cases), fc.integer({ min: 5, max: 40 }), fc.array(change, { minLength: 1, maxLength: 30 }), async ({ as, scope }, take, changes) => {
          const visible = await inScope(scope, as);
          const before = (await snapshot()).filter(visible);
          const touched = new Map<number, number>();
          const inserted = new Set<number>();
          const seen = new Map<number, number>();
          const query: HelpdeskListQuery = { scope, sort, sortDir, take };
          let answer = await page(as, query);
          for (let i = 0; ; i++) {
            for (const row of answer.rows) seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
            if (!answer.nextCursor) break;
            expect(answer.rows).toHaveLength(take);
            // Between the pages: the next change of the list (the rest after the last page).
            if (i < changes.length) await apply(changes[i]!, touched, inserted);
            answer = await page(as, { ...query, after: answer.nextCursor });
          }
          expect(answer.rows.length).toBeLessThanOrEqual(take);
          const after = new Map((await snapshot()).map((row) => [row.id, row]));
          for (const id of seen.keys()) expect(visible(after.get(id)!), `row ${id} outside ${scope} of ${as}`).toBe(true);
          for (const row of before) {
            const n = seen.get(row.id) ?? 0;
            if (touched.has(row.id)) expect(n, `changed row ${row.id}`).toBeLessThanOrEqual(1 + touched.get(row.id)!);
            else expect(n, `unchanged row ${row.id}`).toBe(1);
          }
          for (const id of inserted) expect(seen.get(id) ?? 0, `inserted row ${id}`).toBeLessThanOrEqual(1 + (touched.get(id) ?? 0));
        }),
        { numRuns: 2 },
      );
    },
  );

  it('continues from a cursor with skip (jumping ahead of it), and refuses a cursor of another sort with 400 invalidCursor', async () => {
    const first = await page('admin', { scope: 'all', sort: 'updatedAt', take: 10 });
    const all = await page('admin', { scope: 'all', sort: 'updatedAt', take: 40 });
    const jumped = await page('admin', { scope: 'all', sort: 'updatedAt', take: 10, after: first.nextCursor!, skip: 10 });
    expect(jumped.rows.map((r) => r.id)).toEqual(all.rows.slice(20, 30).map((r) => r.id));
    expect(jumped.total).toBe(first.total);
    const res = await t.as(f.token.admin, { method: 'POST', url: '/api/helpdesk/requests/grid', payload: { scope: 'all', sort: 'priority', after: first.nextCursor } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalidCursor' });
    const garbage = await t.as(f.token.admin, { method: 'POST', url: '/api/helpdesk/requests/grid', payload: { scope: 'all', after: 'bm90IGEgY3Vyc29y' } });
    expect(garbage.statusCode).toBe(400);
  });
});
