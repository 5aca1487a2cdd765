import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MyApprovalRow } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { engineFixture, PERSONAS, TEST_KIND, type EngineFixture, type Persona } from '../../lib/approvals/approvals.test-support';
import { cancelApproval, closeApprovalInTx, decide, processApproval, submitApproval } from '../../lib/approvals/engine';
import { registerApprovalKind } from '../../lib/approvals/registry';
import { executedRows } from '../../lib/lists/list-page';
import { generateEquipmentRequests } from '../equipment/equipment.generator';
import type { AuthUser } from '../../types';
import { countMine, createDelegation, listMine } from './approvals.service';

const COMMENT = 'Please change the supplier first';
const DAY = 24 * 3600_000;

/**
 * What waits for `me` at `at`, from the engine's base tables alone (issue #11's definition, which
 * my approvals followed before it read approval_step_approvers.pending_since): undecided slots of
 * PENDING steps of records IN_APPROVAL at the step's round, not the caller's records, theirs or
 * of a user they substitute at `at` — one row per step, their own slot first, else the smallest
 * delegator's — newest activation first, then the record.
 */
async function expected(t: TestApp, me: number, at: Date) {
  const rows = executedRows<{ record_kind: string; record_id: number; approver_id: number; position: number; step_count: number; waiting: Date | string }>(
    await t.app.deps.db.execute(sql`
      select * from (
        select distinct on (s.id) r.record_kind, r.record_id, a.user_id as approver_id, s.position, s.activated_at, r.id as approval_id,
          (select count(*)::int from approval_steps c where c.approval_id = r.id and c.round = r.round) as step_count,
          coalesce(s.activated_at, r.updated_at) as waiting
        from approval_step_approvers a
        join approval_steps s on s.id = a.step_id and s.status = 'PENDING'
        join approval_records r on r.id = s.approval_id and r.round = s.round and r.status = 'IN_APPROVAL'
        where a.decision is null and r.author_id <> ${me}
          and (a.user_id = ${me} or a.user_id in (
            select d.user_id from approval_delegations d
            where d.substitute_id = ${me} and d.starts_at <= ${at.toISOString()}::timestamptz
              and least(d.ends_at, coalesce(d.ended_at, d.ends_at)) > ${at.toISOString()}::timestamptz))
        order by s.id, (a.user_id <> ${me}), a.user_id
      ) p order by activated_at desc, approval_id desc`),
  );
  return rows.map((r) => ({
    record: `${r.record_kind}:${r.record_id}`,
    onBehalfOf: Number(r.approver_id) === me ? null : Number(r.approver_id),
    step: `${r.position}/${r.step_count}`,
    waitingSince: new Date(r.waiting).toISOString(),
  }));
}

const shape = (row: MyApprovalRow) => ({
  record: `${row.recordKind}:${row.recordId}`,
  onBehalfOf: row.onBehalfOf?.id ?? null,
  step: `${row.stepPosition}/${row.stepCount}`,
  waitingSince: row.waitingSince,
});

/** Every page of `user`'s my approvals at `at`, `take` rows a page, with each page's total and the count. */
async function allPages(t: TestApp, user: AuthUser, at: Date, take: number) {
  const rows: ReturnType<typeof shape>[] = [];
  const totals = new Set<number>();
  for (let skip = 0; ; skip += take) {
    const page = await listMine(t.app.deps, user, { skip, take }, at);
    totals.add(page.total);
    expect(page.rows.length).toBeLessThanOrEqual(take);
    if (page.rows.length === 0) break;
    rows.push(...page.rows.map(shape));
  }
  return { rows, totals: [...totals], count: await countMine(t.app.deps, user, at) };
}

/**
 * My approvals reads the waiting slots' index (approval_step_approvers.pending_since, issue #12
 * bench): after every kind of engine write, for every demo user, inside and outside their
 * delegations, it lists (page by page) and counts exactly what the engine's base tables say waits.
 */
describe.each(backends)('my approvals on %s', (backend) => {
  let t: TestApp;
  let f: EngineFixture;
  const deps = () => t.app.deps;
  // Delegations run over [start, start + 2 days): far from the other tests' instants.
  const start = new Date(Date.now() + 200 * DAY);
  const during = new Date(start.getTime() + DAY);
  const after = new Date(start.getTime() + 3 * DAY);

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await engineFixture(t);
    registerApprovalKind(TEST_KIND, { chain: () => f.chain, mayProcess: async (_deps, user) => user.id === f.user.warehouse.id });
  });
  afterAll(async () => {
    f?.dispose();
    await t?.close();
  });

  /** A record of `author` submitted with `chain` (users by persona; `mode` of the one step). */
  async function submitted(author: Persona, steps: Persona[][], mode: 'all' | 'any' = 'any', at = new Date()): Promise<number> {
    f.chain = steps.map((users) => ({ users: users.map((p) => f.user[p].id), mode }));
    const id = await f.open(author);
    await submitApproval(deps(), f.user[author], TEST_KIND, id, at);
    return id;
  }

  async function sameAsTheEngine(at: Date) {
    for (const persona of PERSONAS) {
      const got = await allPages(t, f.user[persona], at, 2);
      const want = await expected(t, f.user[persona].id, at);
      expect({ persona, rows: got.rows }).toEqual({ persona, rows: want });
      expect({ persona, totals: got.totals, count: got.count }).toEqual({ persona, totals: [want.length], count: want.length });
    }
  }

  it('after every kind of engine write, lists and counts what the engine says waits: own steps, substitutes, paging', async () => {
    // Parallel "all" step: both wait; one decides, the other still waits.
    const all = await submitted('employee', [['lawyer', 'clerk']], 'all');
    const partial = await submitted('employee', [['clerk', 'lawyer']], 'all');
    await decide(deps(), f.user.clerk, TEST_KIND, partial, 'approve', undefined);
    // Two steps: the first approved, the second waits.
    const next = await submitted('employee', [['lawyer'], ['clerk']]);
    await decide(deps(), f.user.lawyer, TEST_KIND, next, 'approve', undefined);
    // Rejected, cancelled, closed by the module, approved and processed: nothing waits.
    const rejected = await submitted('employee', [['clerk']]);
    await decide(deps(), f.user.clerk, TEST_KIND, rejected, 'reject', COMMENT);
    const cancelled = await submitted('employee', [['clerk'], ['lawyer']]);
    await cancelApproval(deps(), f.user.employee, TEST_KIND, cancelled);
    const closed = await submitted('employee', [['clerk']]);
    await deps().db.transaction((tx) => closeApprovalInTx(tx, TEST_KIND, closed, 'REJECTED', new Date()));
    const processed = await submitted('employee', [['clerk']]);
    await decide(deps(), f.user.clerk, TEST_KIND, processed, 'approve', undefined);
    await processApproval(deps(), f.user.warehouse, TEST_KIND, processed);
    // Returned at round 1, resubmitted: round 2 waits, round 1 does not.
    const returned = await submitted('employee', [['clerk']]);
    await decide(deps(), f.user.clerk, TEST_KIND, returned, 'return', COMMENT);
    await submitApproval(deps(), f.user.employee, TEST_KIND, returned);
    // The accountant's own record waits for the lawyer, whom the accountant substitutes below.
    const accountants = await submitted('accountant', [['lawyer']]);
    // One "any" step of the lawyer, the clerk and the director; the lawyer also substitutes the director.
    const shared = await submitted('employee', [['lawyer', 'clerk', 'director']]);

    // The accountant substitutes the lawyer and the clerk, the lawyer the director.
    const range = { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 2 * DAY).toISOString() };
    await createDelegation(deps(), f.user.lawyer, { substituteId: f.user.accountant.id, ...range });
    await createDelegation(deps(), f.user.clerk, { substituteId: f.user.accountant.id, ...range });
    await createDelegation(deps(), f.user.director, { substituteId: f.user.lawyer.id, ...range });

    for (const at of [new Date(), during, after]) await sameAsTheEngine(at);

    const ofRecord = async (persona: Persona, at: Date, id: number) =>
      (await allPages(t, f.user[persona], at, 100)).rows.filter((r) => r.record === `${TEST_KIND}:${id}`).map((r) => r.onBehalfOf);
    // What the rules above mean for the accountant and the lawyer while the delegations run.
    const smaller = Math.min(f.user.lawyer.id, f.user.clerk.id);
    expect(await ofRecord('accountant', during, shared)).toEqual([smaller]);
    expect(await ofRecord('accountant', during, accountants)).toEqual([]);
    expect(await ofRecord('accountant', during, all)).toEqual([smaller]);
    expect(await ofRecord('accountant', during, partial)).toEqual([f.user.lawyer.id]);
    expect(await ofRecord('lawyer', during, shared)).toEqual([null]);
    expect(await ofRecord('lawyer', during, returned)).toEqual([]);

    // The lawyer approves their slot of the "all" step: the step still waits for the clerk, and
    // the accountant now sees it on the clerk's behalf.
    await decide(deps(), f.user.lawyer, TEST_KIND, all, 'approve', undefined);
    expect(await ofRecord('accountant', during, all)).toEqual([f.user.clerk.id]);
    // A substitute's decision completes the shared step: it leaves everyone's list.
    await decide(deps(), f.user.accountant, TEST_KIND, shared, 'approve', undefined, during);
    expect(await ofRecord('lawyer', during, shared)).toEqual([]);
    expect(await ofRecord('director', new Date(), shared)).toEqual([]);
    for (const at of [new Date(), during]) await sameAsTheEngine(at);
  });

  it('pages beyond the first page in the list’s order; past the end no rows and the same total', async () => {
    const base = Date.now() - 10 * DAY;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await submitted('employee', [['visapool']], 'any', new Date(base + i * 60_000)));
    const pages = [0, 3, 6, 9].map((skip) => listMine(deps(), f.user.visapool, { skip, take: 3, recordKind: TEST_KIND }));
    const [first, second, third, past] = await Promise.all(pages);
    // Newest first: the last submitted on top.
    expect([first!, second!, third!].map((p) => p.rows.map((r) => r.recordId))).toEqual([ids.slice(4).reverse(), ids.slice(1, 4).reverse(), [ids[0]]]);
    expect([first, second, third, past].map((p) => p!.total)).toEqual([7, 7, 7, 7]);
    expect(past!.rows).toEqual([]);
    expect(first!.rows[0]!.waitingSince).toBe(new Date(base + 6 * 60_000).toISOString());
    // The kind filter: only these; without it, every kind, as many as the count.
    expect([first, second, third].flatMap((p) => p!.rows.map((r) => r.recordKind))).toEqual(Array(7).fill(TEST_KIND));
    const any = await listMine(deps(), f.user.visapool, { skip: 0, take: 100 });
    expect(any.total).toBe(await countMine(deps(), f.user.visapool));
    expect(any.rows.filter((r) => r.recordKind === TEST_KIND)).toHaveLength(7);
  });

  it('bulk-loaded approvals (the bench generator) wait by the same rule', async () => {
    await generateEquipmentRequests(deps().db, 60, { extraUsers: 3, year: 2024 });
    await sameAsTheEngine(new Date());
    // The generator leaves every tenth request waiting for the director.
    const director = await listMine(deps(), f.user.director, { skip: 0, take: 100, recordKind: 'equipmentRequest' });
    expect(director.rows.filter((r) => r.number?.startsWith('INV-2024-')).length).toBe(6);
  });
});
