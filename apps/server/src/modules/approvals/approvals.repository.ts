import { and, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { myApprovalsQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { approvalDelegations, users } from '../../db/schema';
import { executedRows, isoText, jsonObject } from '../../lib/lists/list-page';

/*
 * The SQL of "My approvals" and of delegations (issue #11). What the service decides — the
 * cache, the delegation rules, audit and notices — is approvals.service / approvals.delegations.
 *
 * What waits for a user (`me`) at an instant: the slots whose `pending_since` is set (the engine's
 * rule, lib/approvals/waiting.ts: undecided, step PENDING, record IN_APPROVAL at the step's round,
 * approver not the author) — their own, and those of the users they substitute at that instant
 * (delegations running then) on records they did not write, on steps of which they decided no
 * slot yet (four eyes: one person, one slot of a step; issue #42). One row per step: when the caller
 * is an approver of the step too, their own slot wins; of two users they substitute on one step,
 * the one with the smaller id. Both kinds of rows are read from approval_step_approvers_waiting_idx
 * (per approver, newest first), so a page reads about skip + take index entries per approver and
 * the count the caller's own waiting entries (index only) plus the delegated ones.
 */

/** SQL: the ids of the users `me` substitutes at `at` (a CTE `delegators`). */
const delegatorsCte = (me: number, at: SQL) => sql`delegators as (
  select distinct d.user_id from approval_delegations d
  where d.substitute_id = ${me} and d.user_id <> ${me}
    and d.starts_at <= ${at} and least(d.ends_at, coalesce(d.ended_at, d.ends_at)) > ${at})`;

/** SQL: slot `a` is one of the record kind's (none: any kind). */
const ofKind = (recordKind: string | undefined) =>
  recordKind ? sql`and exists (select 1 from approval_records k where k.id = a.approval_id and k.record_kind = ${recordKind})` : sql``;

/**
 * SQL: `me` decided no slot of slot `a`'s step yet — in their own name or as a substitute (the
 * engine's four-eyes rule, engine.ts `decidedOnStep`, issue #42: one person fills one slot of a
 * step), so the step's other slots wait for someone else, not for `me`.
 */
const notDecidedByMe = (me: number) => sql`not exists (select 1 from approval_step_approvers m where m.step_id = a.step_id and m.decided_by_id = ${me})`;

/** SQL: slot `a` waits for `me` as its approver. */
const ownWaiting = (me: number, recordKind: string | undefined) =>
  sql`a.user_id = ${me} and a.pending_since is not null ${ofKind(recordKind)} and ${notDecidedByMe(me)}`;

/**
 * SQL: slot `a` of delegator `d.user_id` waits and `me` decides it on their behalf: not on a
 * record of `me`'s (a waiting slot's record is IN_APPROVAL: `me`'s such records are few and
 * indexed, approval_records_author_idx), and no slot of the step that wins over it waits too —
 * `me`'s own, or a smaller delegator's.
 */
const delegatedWaiting = (me: number, recordKind: string | undefined) => sql`a.user_id = d.user_id and a.pending_since is not null ${ofKind(recordKind)}
  and ${notDecidedByMe(me)}
  and a.approval_id not in (select r.id from approval_records r where r.author_id = ${me} and r.status = 'IN_APPROVAL')
  and not exists (select 1 from approval_step_approvers o where o.step_id = a.step_id and o.user_id = ${me} and o.pending_since is not null)
  and not exists (
    select 1 from delegators e join approval_step_approvers o on o.step_id = a.step_id and o.user_id = e.user_id
    where e.user_id < a.user_id and o.pending_since is not null)`;

/** SQL: my approvals' order (newest waiting first); the index's, nulls last as it holds none. */
const newestFirst = (alias?: string) => {
  const of = alias ? `${alias}.` : '';
  return sql.raw(`${of}pending_since desc nulls last, ${of}approval_id desc nulls last`);
};

/** SQL: how many steps wait for `me` (scalar, needs the `delegators` CTE). */
const waitingCount = (me: number, recordKind: string | undefined) => sql`(
  (select count(*) from approval_step_approvers a where ${ownWaiting(me, recordKind)})
  + (select count(*) from delegators d join approval_step_approvers a on ${delegatedWaiting(me, recordKind)}))`;

const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** SQL: `{ id, name }` of user `id` (`users` row `u`; "#id" when there is none). */
const personJson = (id: SQL, u: string) => sql`json_build_object('id', ${id}, 'name', coalesce(${sql.raw(u)}.first_name || ' ' || ${sql.raw(u)}.last_name, '#' || ${id}))`;

/** How many steps wait for `me` at `now` (see the module comment). */
export async function countWaiting(db: Db, me: number, now: Date): Promise<number> {
  const [row] = executedRows<{ n: number | string }>(await db.execute(sql`with ${delegatorsCte(me, instant(now))} select ${waitingCount(me, undefined)} as n`));
  return Number(row?.n ?? 0);
}

/**
 * A page of what waits for `me` at `now` as the JSON text of contracts MyApprovalsResponse,
 * written by the database in one statement: the page's slots from the index, then the records,
 * steps and names of those rows only (lib/lists list-page.ts explains why the database writes
 * the JSON). Newest waiting first; `query.skip` rows skipped, at most `query.take`; `total` = all.
 */
export async function waitingPageJson(db: Db, me: number, query: z.output<typeof myApprovalsQuery>, now: Date): Promise<string> {
  const kind = query.recordKind;
  const reach = query.skip + query.take;
  const row = jsonObject({
    recordKind: sql`r.record_kind`,
    recordId: sql`r.record_id`,
    title: sql`r.title`,
    number: sql`r.number`,
    url: sql`r.url`,
    author: personJson(sql`r.author_id`, 'au'),
    stepPosition: sql`s.position`,
    stepCount: sql`(select count(*)::int from approval_steps c where c.approval_id = r.id and c.round = r.round)`,
    role: sql`s.role`,
    mode: sql`s.mode`,
    onBehalfOf: sql`case when w.user_id = ${me} then null else ${personJson(sql`w.user_id`, 'ap')} end`,
    waitingSince: isoText(sql`coalesce(s.activated_at, r.updated_at)`),
  });
  const [result] = executedRows<{ json: string }>(
    await db.execute(sql`
      with ${delegatorsCte(me, instant(now))},
      page as (
        (select a.step_id, a.user_id, a.approval_id, a.pending_since from approval_step_approvers a
         where ${ownWaiting(me, kind)} order by ${newestFirst('a')} limit ${reach})
        union all
        (select x.step_id, x.user_id, x.approval_id, x.pending_since from delegators d cross join lateral (
           select a.step_id, a.user_id, a.approval_id, a.pending_since from approval_step_approvers a
           where ${delegatedWaiting(me, kind)} order by ${newestFirst('a')} limit ${reach}) x)
        order by ${newestFirst()} limit ${query.take} offset ${query.skip}
      )
      select json_build_object(
        'total', ${waitingCount(me, kind)},
        'rows', coalesce((
          select json_agg(${row} order by ${newestFirst('w')})
          from page w
          join approval_steps s on s.id = w.step_id
          join approval_records r on r.id = w.approval_id
          left join users au on au.id = r.author_id
          left join users ap on ap.id = w.user_id
        ), '[]'::json))::text as json`),
  );
  return result!.json;
}

// ---------------------------------------------------------------------------------------------
// Delegations
// ---------------------------------------------------------------------------------------------

const d = approvalDelegations;
/** A delegation row. */
export type DelegationRow = typeof d.$inferSelect;
/** SQL: when the delegation stops (its end, or when it was ended early). */
const effectiveEnd = sql`least(${d.endsAt}, coalesce(${d.endedAt}, ${d.endsAt}))`;

/** A received delegation that has not ended: [delegator id, from, until) in ms since the epoch. */
export type DelegationWindow = [userId: number, from: number, until: number];

/** The delegations `me` receives (from others) that have not ended at `now`, as {@link DelegationWindow}s. */
export async function receivedWindows(db: Db, me: number, now: Date): Promise<DelegationWindow[]> {
  // Whole ms rounded up: `from <= t` and `t < until` then hold for a whole-ms t exactly when they hold for the stored microseconds.
  const ms = (at: SQL) => sql<number>`ceil(extract(epoch from ${at}) * 1000)::float8`;
  const rows = await db
    .select({ userId: d.userId, from: ms(sql`${d.startsAt}`), until: ms(effectiveEnd) })
    .from(d)
    .where(and(eq(d.substituteId, me), ne(d.userId, me), gt(effectiveEnd, now)));
  return rows.map((r): DelegationWindow => [r.userId, Number(r.from), Number(r.until)]);
}

/** The delegations `userId` gave (`side` 'given') or received ('received'), newest start first, at most 100. */
export function delegationsOf(db: Db, userId: number, side: 'given' | 'received'): Promise<DelegationRow[]> {
  return db
    .select()
    .from(d)
    .where(eq(side === 'given' ? d.userId : d.substituteId, userId))
    .orderBy(desc(d.startsAt), desc(d.id))
    .limit(100);
}

/** Whether user `id` exists and is active. */
export async function isActiveUser(db: Db, id: number): Promise<boolean> {
  const [found] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, id));
  return found?.isActive === true;
}

/** Locks `userId`'s users row (FOR UPDATE): their delegations are then created one after the other. */
export async function lockDelegator(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The id of one of `userId`'s delegations running at some instant of [startsAt, endsAt), if any. */
export async function overlappingDelegation(tx: Db, userId: number, startsAt: Date, endsAt: Date): Promise<number | undefined> {
  const [overlap] = await tx
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.userId, userId), lt(d.startsAt, endsAt), gt(effectiveEnd, startsAt)))
    .limit(1);
  return overlap?.id;
}

/** Writes a new delegation. */
export async function insertDelegation(tx: Db, values: typeof d.$inferInsert): Promise<DelegationRow> {
  const [row] = await tx.insert(d).values(values).returning();
  return row!;
}

/** Delegation `id`, its row locked (FOR UPDATE), if there is one. */
export async function lockDelegation(tx: Db, id: number): Promise<DelegationRow | undefined> {
  const [row] = await tx.select().from(d).where(eq(d.id, id)).for('update');
  return row;
}

/** Ends delegation `id` at `at`. */
export async function setDelegationEnded(tx: Db, id: number, at: Date): Promise<DelegationRow> {
  const [row] = await tx.update(d).set({ endedAt: at }).where(eq(d.id, id)).returning();
  return row!;
}
