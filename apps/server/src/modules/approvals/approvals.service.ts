import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type {
  ApprovalBulkInput,
  ApprovalBulkResponse,
  CreateDelegationInput,
  Delegation,
  DelegationsResponse,
  MyApprovalRow,
  MyApprovalsResponse,
} from '@servicedesk/contracts';
import type { myApprovalsQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import { approvalDelegations, approvalRecords, approvalSteps, users } from '../../db/schema';
import { AppError, domainRule, notFound } from '../../lib/errors';
import { decide, namesOf, sendNotices } from '../../lib/approvals/engine';
import { recordAudit } from '../org/audit';
import type { AppDeps, AuthUser } from '../../types';
import { executedRows } from '../../lib/lists/list-page';

/*
 * "My approvals" and delegation over the approval engine (lib/approvals, issue #11).
 */

interface WarnLogger {
  warn(obj: unknown, msg?: string): void;
}


/**
 * The pending steps waiting for `me` at `now`, as SQL: one row per step (never two for the same
 * step when the caller is an approver AND substitutes another approver of it — their own slot
 * wins), on records IN_APPROVAL of the current round, never the caller's own records.
 */
function pendingForSql(me: number, now: Date, recordKind?: string) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    with delegators as (
      select d.user_id from approval_delegations d
      where d.substitute_id = ${me} and d.starts_at <= ${at} and least(d.ends_at, coalesce(d.ended_at, d.ends_at)) > ${at}
    )
    select distinct on (s.id) r.id as approval_id, s.id as step_id, a.user_id as approver_id, s.activated_at
    from approval_step_approvers a
    join approval_steps s on s.id = a.step_id and s.status = 'PENDING'
    join approval_records r on r.id = s.approval_id and r.round = s.round and r.status = 'IN_APPROVAL'
    where a.decision is null and r.author_id <> ${me}
      and (a.user_id = ${me} or a.user_id in (select user_id from delegators))
      ${recordKind ? sql`and r.record_kind = ${recordKind}` : sql``}
    order by s.id, (a.user_id <> ${me}), a.user_id`;
}

/** GET /api/approvals/mine/count: how many steps wait for the caller (the dashboard figure). */
export async function countMine(deps: AppDeps, user: AuthUser, now = new Date()): Promise<number> {
  const [row] = executedRows<{ n: number | string }>(await deps.db.execute(sql`select count(*) as n from (${pendingForSql(user.id, now)}) p`));
  return Number(row?.n ?? 0);
}

/**
 * POST /api/approvals/mine: a page of what waits for the caller, across every record kind on the
 * engine — as an approver, or as the active substitute of one (`onBehalfOf`) — the longest
 * waiting last (newest first), with the total.
 */
export async function listMine(deps: AppDeps, user: AuthUser, query: z.output<typeof myApprovalsQuery>, now = new Date()): Promise<MyApprovalsResponse> {
  const base = pendingForSql(user.id, now, query.recordKind);
  const [countRow] = executedRows<{ n: number | string }>(await deps.db.execute(sql`select count(*) as n from (${base}) p`));
  const page = executedRows<{ approval_id: number; step_id: number; approver_id: number }>(
    await deps.db.execute(sql`select approval_id, step_id, approver_id from (${base}) p order by activated_at desc, approval_id desc limit ${query.take} offset ${query.skip}`),
  );
  const total = Number(countRow?.n ?? 0);
  if (page.length === 0) return { total, rows: [] };

  const ids = page.map((p) => Number(p.approval_id));
  const stepIds = page.map((p) => Number(p.step_id));
  const [records, steps, counts] = await Promise.all([
    deps.db.select().from(approvalRecords).where(inArray(approvalRecords.id, ids)),
    deps.db.select().from(approvalSteps).where(inArray(approvalSteps.id, stepIds)),
    deps.db
      .select({ approvalId: approvalSteps.approvalId, round: approvalSteps.round, n: sql<number>`count(*)::int` })
      .from(approvalSteps)
      .where(inArray(approvalSteps.approvalId, ids))
      .groupBy(approvalSteps.approvalId, approvalSteps.round),
  ]);
  const names = await namesOf(deps.db, [...records.map((r) => r.authorId), ...page.map((p) => Number(p.approver_id))]);
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  const rows: MyApprovalRow[] = page.map((p) => {
    const record = records.find((r) => r.id === Number(p.approval_id))!;
    const step = steps.find((s) => s.id === Number(p.step_id))!;
    const approverId = Number(p.approver_id);
    return {
      recordKind: record.recordKind,
      recordId: record.recordId,
      title: record.title,
      number: record.number,
      url: record.url,
      author: person(record.authorId),
      stepPosition: step.position,
      stepCount: counts.find((c) => c.approvalId === record.id && c.round === record.round)?.n ?? step.position,
      role: step.role,
      mode: step.mode,
      onBehalfOf: approverId === user.id ? null : person(approverId),
      waitingSince: (step.activatedAt ?? record.updatedAt).toISOString(),
    };
  });
  return { total, rows };
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
  return rows.map((r) => ({
    id: r.id,
    user: person(r.userId),
    substitute: person(r.substituteId),
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

const day = (iso: string) => iso.slice(0, 10);

/**
 * POST /api/approvals/delegations: the caller names a substitute for [startsAt, endsAt) (issue
 * #11). 422 `selfDelegation` (oneself), `substituteInactive` (unknown or deactivated),
 * `invalidRange` (end not after start, or already over), `delegationOverlaps` (another of the
 * caller's delegations runs in the range; `details.delegationId`). Lands in the caller's admin
 * audit (`delegate`) and notifies the substitute.
 */
export async function createDelegation(deps: AppDeps, user: AuthUser, input: CreateDelegationInput, now = new Date(), log?: WarnLogger): Promise<Delegation> {
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
  const names = await namesOf(deps.db, [user.id]);
  await sendNotices(
    deps,
    [
      {
        userIds: [input.substituteId],
        key: 'notifications.approvals.delegationCreated',
        params: { user: names.get(user.id) ?? '', from: day(startsAt.toISOString()), to: day(endsAt.toISOString()) },
        url: '/home/approvals',
        actorId: user.id,
      },
    ],
    log,
  );
  return (await toDelegations(deps, [created]))[0]!;
}

/**
 * POST /api/approvals/delegations/{id}/end: the caller ends their delegation now (one that has
 * not started yet is thereby withdrawn). 404 unless it is the caller's; 422 `delegationOver`
 * when it already ended. In the caller's admin audit (`endDelegation`); notifies the substitute.
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
  const names = await namesOf(deps.db, [user.id]);
  await sendNotices(deps, [{ userIds: [ended.substituteId], key: 'notifications.approvals.delegationEnded', params: { user: names.get(user.id) ?? '' }, url: '/home/approvals', actorId: user.id }], log);
  return (await toDelegations(deps, [ended]))[0]!;
}

