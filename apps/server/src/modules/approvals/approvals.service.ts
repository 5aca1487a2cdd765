import { and, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type {
  ApprovalBulkInput,
  ApprovalBulkResponse,
  CreateDelegationInput,
  Delegation,
  DelegationsResponse,
  MyApprovalsResponse,
} from '@servicedesk/contracts';
import type { myApprovalsQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import { approvalDelegations, users } from '../../db/schema';
import { AppError, domainRule, notFound } from '../../lib/errors';
import { decide, namesOf, sendNotices } from '../../lib/approvals/engine';
import { recordAudit } from '../org/audit';
import type { AppDeps, AuthUser } from '../../types';
import { executedRows, isoText, jsonObject } from '../../lib/lists/list-page';
import type { ListCache } from '../../lib/lists/list-cache';
import { announceWaitingChange } from '../../lib/approvals/waiting';
import type { WarnLogger } from '../../lib/log';
import { calendarDateOf, calendarDayStart } from '@servicedesk/i18n/format';

/*
 * "My approvals" and delegation over the approval engine (lib/approvals, issue #11).
 */


/*
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

/*
 * The cache (the route's ListCache, lib/lists/list-cache.ts; dropped whenever the engine or a
 * module on it announces a change — waiting.ts `changesWaiting` — and on delegation changes). An
 * answer depends on the caller, the query, the engine's tables, and — through `now` — only on
 * which users the caller substitutes at that instant. So its key names the caller, the query and
 * that set, read from the caller's received delegation windows (kept in the same cache): when a
 * window starts or ends, the set changes, and with it the key — the next call computes afresh,
 * no change needs announcing at that instant. Names of people and records come along with the
 * answer and may show at most the cache's TTL late.
 */

/** A received delegation that has not ended: [delegator id, from, until) in ms since the epoch. */
type Window = [userId: number, from: number, until: number];

/** The delegations `me` receives that have not ended at `now`, as the JSON text of {@link Window}[]. */
async function receivedWindowsJson(deps: AppDeps, me: number, now: Date): Promise<string> {
  // Whole ms rounded up: `from <= t` and `t < until` then hold for a whole-ms t exactly when they hold for the stored microseconds.
  const ms = (at: SQL) => sql<number>`ceil(extract(epoch from ${at}) * 1000)::float8`;
  const rows = await deps.db
    .select({ userId: d.userId, from: ms(sql`${d.startsAt}`), until: ms(effectiveEnd) })
    .from(d)
    .where(and(eq(d.substituteId, me), ne(d.userId, me), gt(effectiveEnd, now)));
  return JSON.stringify(rows.map((r): Window => [r.userId, Number(r.from), Number(r.until)]));
}

/**
 * The ids of the users `me` substitutes at `now` (ascending), from the windows kept in `cache` —
 * the same rule as the statements' `delegators` (delegations.ts: [starts_at, least(ends_at,
 * ended_at))). `now` must not run backwards between calls within the cache's TTL (the routes
 * pass the clock): windows that ended before the first call are not kept.
 */
async function delegatorsAt(deps: AppDeps, me: number, now: Date, cache: ListCache): Promise<number[]> {
  const windows = JSON.parse(await cache.get(JSON.stringify(['receivedDelegations', me]), () => receivedWindowsJson(deps, me, now))) as Window[];
  const at = now.getTime();
  return [...new Set(windows.filter(([, from, until]) => from <= at && at < until).map(([userId]) => userId))].sort((a, b) => a - b);
}

/** `compute`'s answer for `user` under `key`, from `cache` when there is one (see above). */
async function cachedForCaller(deps: AppDeps, user: AuthUser, key: unknown[], now: Date, cache: ListCache | undefined, compute: () => Promise<string>): Promise<string> {
  if (!cache) return compute();
  const delegators = await delegatorsAt(deps, user.id, now, cache);
  return cache.get(JSON.stringify([...key, user.id, delegators]), compute);
}

/**
 * GET /api/approvals/mine/count: how many steps wait for the caller at `now` (the dashboard
 * figure; the same rows as {@link listMine}, counted) — from `cache` when given (see above).
 */
export async function countMine(deps: AppDeps, user: AuthUser, now = new Date(), cache?: ListCache): Promise<number> {
  const count = async () => {
    const [row] = executedRows<{ n: number | string }>(
      await deps.db.execute(sql`with ${delegatorsCte(user.id, instant(now))} select ${waitingCount(user.id, undefined)} as n`),
    );
    return String(Number(row?.n ?? 0));
  };
  return Number(await cachedForCaller(deps, user, ['count'], now, cache, count));
}

/** SQL: `{ id, name }` of user `id` (`users` row `u`; "#id" when there is none). */
const personJson = (id: SQL, u: string) => sql`json_build_object('id', ${id}, 'name', coalesce(${sql.raw(u)}.first_name || ' ' || ${sql.raw(u)}.last_name, '#' || ${id}))`;

/**
 * POST /api/approvals/mine: a page of what waits for the caller at `now` (see above), across
 * every record kind on the engine or only `query.recordKind` — as an approver, or as the active
 * substitute of one (`onBehalfOf`) — newest waiting first (the step's activation, then the
 * record, descending), `query.skip` rows skipped, at most `query.take`; `total` = all of them.
 * Answers the JSON text of contracts MyApprovalsResponse, written by the database in one
 * statement: the page's slots from the index, then the records, steps and names of those rows
 * only (lib/lists list-page.ts explains why the database writes the JSON). With `cache` (the
 * route's) a page asked again is answered from it while nothing changed (see above).
 */
export async function listMineJson(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now = new Date(), cache?: ListCache): Promise<string> {
  return cachedForCaller(deps, user, ['page', query], now, cache, () => listMineFromDb(deps, user, query, now));
}

/** {@link listMineJson} computed by the database. */
async function listMineFromDb(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now: Date): Promise<string> {
  const me = user.id;
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
    await deps.db.execute(sql`
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

/** {@link listMineJson} as an object (contracts MyApprovalsResponse). */
export async function listMine(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now = new Date()): Promise<MyApprovalsResponse> {
  return JSON.parse(await listMineJson(deps, user, query, now)) as MyApprovalsResponse;
}

/**
 * POST /api/approvals/bulkApprove: approves each record one by one through the engine (each
 * checked on its own: a refusal of one never stops the others), with the one comment. Answers
 * every record's outcome and the counts.
 */
export async function bulkApprove(deps: AppDeps, user: AuthUser, input: ApprovalBulkInput, now = new Date(), log?: WarnLogger): Promise<ApprovalBulkResponse> {
  const results: ApprovalBulkResponse['results'] = [];
  for (const item of input.items) {
    try {
      await decide(deps, user, item.recordKind, item.recordId, 'approve', input.comment, now, log);
      results.push({ ...item, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ ...item, ok: false, status: error.statusCode, code: error.code, message: error.message });
    }
  }
  const approved = results.filter((r) => r.ok).length;
  return { results, approved, failed: results.length - approved };
}

// ---------------------------------------------------------------------------------------------
// Delegation
// ---------------------------------------------------------------------------------------------

const d = approvalDelegations;
/** SQL: when the delegation stops (its end, or when it was ended early). */
const effectiveEnd = sql`least(${d.endsAt}, coalesce(${d.endedAt}, ${d.endsAt}))`;

async function toDelegations(deps: AppDeps, rows: (typeof d.$inferSelect)[]): Promise<Delegation[]> {
  const names = await namesOf(deps.db, rows.flatMap((r) => [r.userId, r.substituteId, r.createdById]));
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  const zone = deps.config.organisationTimeZone;
  return rows.map((r) => ({
    id: r.id,
    user: person(r.userId),
    substitute: person(r.substituteId),
    // The days of the window in the organisation's calendar: its first, and the one before its (exclusive) end.
    startsOn: calendarDateOf(r.startsAt, zone),
    endsOn: calendarDateOf(new Date(r.endsAt.getTime() - 1), zone),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    reason: r.reason,
    createdBy: person(r.createdById),
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}

/** GET /api/approvals/delegations: the caller's given and received delegations (newest start first, 100 each). */
export async function listDelegations(deps: AppDeps, user: AuthUser): Promise<DelegationsResponse> {
  const [given, received] = await Promise.all([
    deps.db.select().from(d).where(eq(d.userId, user.id)).orderBy(desc(d.startsAt), desc(d.id)).limit(100),
    deps.db.select().from(d).where(eq(d.substituteId, user.id)).orderBy(desc(d.startsAt), desc(d.id)).limit(100),
  ]);
  return { given: await toDelegations(deps, given), received: await toDelegations(deps, received) };
}

/**
 * A delegation to create as a window of instants [startsAt, endsAt) (ISO 8601): what the route
 * makes of the days a user chose ({@link windowOfDays}); the engine's tests name instants directly.
 */
export interface DelegationWindowInput {
  substituteId: number;
  startsAt: string;
  endsAt: string;
  reason?: string;
}

/**
 * The window of the whole days `startsOn` … `endsOn` (inclusive) in `timeZone` (the organisation's,
 * AppConfig.organisationTimeZone): [startsOn 00:00, the day after endsOn 00:00). A reversed range
 * gives an empty or negative window, which {@link createDelegation} refuses as `invalidRange`.
 */
export function windowOfDays(input: CreateDelegationInput, timeZone: string): DelegationWindowInput {
  return {
    substituteId: input.substituteId,
    startsAt: calendarDayStart(input.startsOn, 0, timeZone).toISOString(),
    endsAt: calendarDayStart(input.endsOn, 1, timeZone).toISOString(),
    reason: input.reason,
  };
}

/**
 * POST /api/approvals/delegations: the caller names a substitute for [startsAt, endsAt) (issue
 * #11; the route passes the chosen days through {@link windowOfDays}). 422 `selfDelegation`
 * (oneself), `substituteInactive` (unknown or deactivated), `invalidRange` (end not after start,
 * or already over), `delegationOverlaps` (another of the caller's delegations runs in the range;
 * `details.delegationId`). Lands in the caller's admin audit (`delegate`), drops my approvals'
 * cached answers (every instance) and notifies the substitute (the days as calendar dates).
 */
export async function createDelegation(deps: AppDeps, user: AuthUser, input: DelegationWindowInput, now = new Date(), log?: WarnLogger): Promise<Delegation> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (input.substituteId === user.id) throw domainRule('selfDelegation', 'You cannot be your own substitute.', { field: 'substituteId' });
  const [substitute] = await deps.db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, input.substituteId));
  if (!substitute?.isActive) throw domainRule('substituteInactive', 'Choose an active user as the substitute.', { field: 'substituteId' });
  if (endsAt <= startsAt || endsAt <= now) throw domainRule('invalidRange', 'The end must come after the start and must not be past.', { field: 'endsAt' });

  const created = await deps.db.transaction(async (tx) => {
    // Lock the caller's delegations so two overlapping ones created at once cannot both pass.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [overlap] = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.userId, user.id), lt(d.startsAt, endsAt), gt(effectiveEnd, startsAt)))
      .limit(1);
    if (overlap) throw domainRule('delegationOverlaps', 'Another of your delegations runs in this range.', { delegationId: overlap.id });
    const [row] = await tx
      .insert(d)
      .values({ userId: user.id, substituteId: input.substituteId, startsAt, endsAt, reason: input.reason || null, createdById: user.id, createdAt: now })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'delegate',
      changes: { delegationId: row!.id, substituteId: input.substituteId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), reason: input.reason || null },
    });
    return row!;
  });
  await announceWaitingChange(deps, created.id, log);
  const names = await namesOf(deps.db, [user.id]);
  const [shown] = await toDelegations(deps, [created]);
  await sendNotices(
    deps,
    [
      {
        userIds: [input.substituteId],
        key: 'notifications.approvals.delegationCreated',
        params: { user: names.get(user.id) ?? '', from: shown!.startsOn, to: shown!.endsOn },
        url: '/home/approvals',
        actorId: user.id,
      },
    ],
    log,
  );
  return shown!;
}

/**
 * POST /api/approvals/delegations/{id}/end: the caller ends their delegation now (one that has
 * not started yet is thereby withdrawn). 404 unless it is the caller's; 422 `delegationOver`
 * when it already ended. In the caller's admin audit (`endDelegation`); drops my approvals' cached
 * answers (every instance); notifies the substitute.
 */
export async function endDelegation(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger): Promise<Delegation> {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(d).where(eq(d.id, id)).for('update');
    if (!row || row.userId !== user.id) throw notFound('No such delegation of yours.');
    const end = row.endedAt && row.endedAt < row.endsAt ? row.endedAt : row.endsAt;
    if (end <= now || (row.endedAt !== null && row.endedAt <= now)) throw domainRule('delegationOver', 'This delegation has already ended.');
    const [updated] = await tx.update(d).set({ endedAt: now }).where(eq(d.id, id)).returning();
    await recordAudit(tx, { actorId: user.id, entityType: 'user', entityId: user.id, action: 'endDelegation', changes: { delegationId: id, endedAt: now.toISOString() } });
    return updated!;
  });
  await announceWaitingChange(deps, ended.id, log);
  const names = await namesOf(deps.db, [user.id]);
  await sendNotices(deps, [{ userIds: [ended.substituteId], key: 'notifications.approvals.delegationEnded', params: { user: names.get(user.id) ?? '' }, url: '/home/approvals', actorId: user.id }], log);
  return (await toDelegations(deps, [ended]))[0]!;
}

