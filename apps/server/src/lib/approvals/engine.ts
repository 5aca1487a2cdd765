import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  APPROVAL_DECISIONS,
  APPROVAL_COMMENT_MIN,
  approvalMachine,
  type ApprovalAction,
  type ApprovalDecision,
  type ApprovalGuard,
  type ApprovalState,
  type ApprovalStatus,
  type ApprovalStepStatus,
  type ApprovalTransition,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { approvalRecords, approvalStepApprovers, approvalSteps, users } from '../../db/schema';
import { notify } from '../../modules/notifications/notifications.service';
import type { AppDeps, AuthUser } from '../../types';
import * as access from '../access';
import { AppError, domainRule, forbidden, notFound } from '../errors';
import { requireComment } from '../records/comments';
import { appendHistory } from '../records/history';
import { activeUsers, usersOfRole } from './approvers';
import { delegatorsOf, substitutesOf } from './delegations';
import { approvalKindOf, type ApprovalKind, type ApprovalStatusChange } from './registry';
import { announceWaitingChange, syncWaiting } from './waiting';
import type { WarnLogger } from '../log';

/*
 * The approval engine (DOMAIN.md "Approval chains", issue #11). A record kind registers its chain
 * (registry.ts); a module opens an approval for a record (DRAFT), its author submits it, the
 * chain's steps are decided one after the other, and the record ends APPROVED → PROCESSED, or
 * REJECTED, RETURNED (then submitted again: a new round), CANCELLED. The record's transitions are
 * the contracts table APPROVAL_TRANSITIONS; the steps WAITING → PENDING → APPROVED | REJECTED |
 * DELEGATED | RETURNED.
 *
 * Every transition: checked on the server (errors below), ONE history row through
 * records/history.ts appendHistory (who, on behalf of whom, when, from, to, comment, details
 * { round, stepId, position, stepStatus }), and notifications over the hub (notifications module)
 * to whoever acts next and to the author. Every write that can change who waits for a decision
 * ends with waiting.ts `syncWaiting` for the record (my approvals reads only that); once the
 * transaction commits, the functions running their own announce it (`announceWaitingChange`: my
 * approvals' cached pages drop), and a module calling the `…InTx` ones in its transaction
 * announces its record's change after the commit (waiting.ts `changesWaiting`). Errors:
 * - 404 `notFound` — no approval for the record (or the kind is not registered);
 * - 422 `invalidTransition` — the record's status has no such action (`details.allowedFrom`);
 * - 403 `forbidden` — rule `ownRecord` (the author deciding on their own record), `notApprover`
 *   (neither a pending approver nor their active substitute), `alreadyDecidedStep` (the caller
 *   already decided a slot of this step, in their own name or as a substitute: a step that needs
 *   all of N approvers needs N different people — issue #42, four eyes), `notAuthor`,
 *   `notProcessor`, `userTypeLacks` (the kind's decisionKey);
 * - 422 `commentRequired` / `commentTooShort` (reject, return: ≥ APPROVAL_COMMENT_MIN characters);
 * - 422 `noApprover` — a step of the chain resolves to nobody (submit);
 * - 409 `approvalChanged` — someone decided or changed the record between the check and the write
 *   (two approvers of one step at once: one wins, the other gets this).
 */

/** Minimal logger for push failures. */
type RecordRow = typeof approvalRecords.$inferSelect;
type StepRow = typeof approvalSteps.$inferSelect;
type SlotRow = typeof approvalStepApprovers.$inferSelect;

/** A notification to send once the transaction committed. */
export interface ApprovalNotice {
  userIds: number[];
  key: string;
  params: Record<string, string | number | null>;
  url: string | null;
  actorId: number | null;
}

/** The registration of `kind` or 404. */
function kindOf(recordKind: string): ApprovalKind {
  const kind = approvalKindOf(recordKind);
  if (!kind) throw notFound(`No record kind “${recordKind}” on the approval engine.`);
  return kind;
}

async function findRecord(db: Db, recordKind: string, recordId: number, forUpdate = false): Promise<RecordRow | undefined> {
  const query = db
    .select()
    .from(approvalRecords)
    .where(and(eq(approvalRecords.recordKind, recordKind), eq(approvalRecords.recordId, recordId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

async function loadRecord(db: Db, recordKind: string, recordId: number, forUpdate = false): Promise<RecordRow> {
  kindOf(recordKind);
  const row = await findRecord(db, recordKind, recordId, forUpdate);
  if (!row) throw notFound('This record has no approval.');
  return row;
}

/** The steps of the record's current round in order, with their approver slots. */
async function stepsOf(db: Db, record: RecordRow): Promise<{ step: StepRow; slots: SlotRow[] }[]> {
  const steps = await db
    .select()
    .from(approvalSteps)
    .where(and(eq(approvalSteps.approvalId, record.id), eq(approvalSteps.round, record.round)))
    .orderBy(asc(approvalSteps.position));
  if (steps.length === 0) return [];
  const slots = await db
    .select()
    .from(approvalStepApprovers)
    .where(
      inArray(
        approvalStepApprovers.stepId,
        steps.map((s) => s.id),
      ),
    )
    .orderBy(asc(approvalStepApprovers.userId));
  return steps.map((step) => ({ step, slots: slots.filter((s) => s.stepId === step.id) }));
}

/** The transition of `action` from the record's status (guard applied) or 422 `invalidTransition`. */
function transitionOf(status: ApprovalStatus, action: ApprovalAction, guard?: ApprovalGuard): ApprovalTransition {
  const transition = approvalMachine.find(status, action, guard ? (g) => g === guard : undefined);
  if (!transition) {
    throw domainRule('invalidTransition', `A record that is ${status} cannot be given the action “${action}”.`, {
      status,
      action,
      allowedFrom: approvalMachine.statusesAllowing(action),
    });
  }
  return transition;
}

const summary = (record: RecordRow) => ({ title: record.title, number: record.number ?? '' });

/** The users to tell that `step` waits: its undecided approvers and their substitutes at `now`. */
async function waitingNotices(db: Db, record: RecordRow, slots: SlotRow[], actorId: number | null, now: Date): Promise<ApprovalNotice[]> {
  const undecided = slots.filter((s) => s.decision === null).map((s) => s.userId);
  const subs = await substitutesOf(db, undecided, now);
  const notices: ApprovalNotice[] = [{ userIds: undecided, key: 'notifications.approvals.waiting', params: summary(record), url: record.url, actorId }];
  const names = await namesOf(db, [...subs.keys()]);
  for (const [userId, substitutes] of subs) {
    notices.push({
      userIds: substitutes,
      key: 'notifications.approvals.waitingOnBehalf',
      params: { ...summary(record), onBehalfOf: names.get(userId) ?? '' },
      url: record.url,
      actorId,
    });
  }
  return notices;
}

/** Display names "First Last" of users. */
export async function namesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** Sends the notices (each without the actor among its recipients). Never fails the caller. */
export async function sendNotices(deps: AppDeps, notices: readonly ApprovalNotice[], log?: WarnLogger): Promise<void> {
  for (const n of notices) {
    const recipients = n.userIds.filter((id) => id !== n.actorId);
    if (recipients.length > 0) await notify(deps, recipients, n.key, n.params, n.url, n.actorId, log);
  }
}

// ---------------------------------------------------------------------------------------------
// Opening and submitting
// ---------------------------------------------------------------------------------------------

/** What a module says about its record when it opens an approval for it. */
export interface OpenApprovalInput {
  recordKind: string;
  recordId: number;
  authorId: number;
  /** Shown in my approvals and the notifications. */
  title: string;
  number?: string | null;
  /** Where the record's page is (notifications and my approvals link to it). */
  url?: string | null;
  /** The group whose lead a `groupLead` step names. */
  groupId?: number | null;
  now: Date;
}

/** Opens a DRAFT approval for a record (in the module's transaction). 409 `approvalExists` when it has one. */
export async function openApproval(tx: Db, input: OpenApprovalInput): Promise<void> {
  kindOf(input.recordKind);
  if (await findRecord(tx, input.recordKind, input.recordId)) throw new AppError(409, 'approvalExists', 'This record already has an approval.');
  await tx.insert(approvalRecords).values({
    recordKind: input.recordKind,
    recordId: input.recordId,
    status: 'DRAFT',
    round: 1,
    authorId: input.authorId,
    title: input.title,
    number: input.number ?? null,
    url: input.url ?? null,
    groupId: input.groupId ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Changes the record's status, tells the module (onStatusChange) — the history row is the caller's. */
async function setStatus(
  tx: Db,
  kind: ApprovalKind,
  record: RecordRow,
  to: ApprovalStatus,
  change: { action: ApprovalAction; actorId: number | null; onBehalfOfId: number | null; comment: string | null; at: Date },
  round = record.round,
): Promise<ApprovalStatusChange | null> {
  await tx.update(approvalRecords).set({ status: to, round, updatedAt: change.at }).where(eq(approvalRecords.id, record.id));
  if (to === record.status) return null;
  if (ENDED_UNDECIDED.has(to)) await skipOpenSteps(tx, record.id, round);
  const full = { recordId: record.recordId, from: record.status, to, ...change };
  await kind.onStatusChange?.(tx, full);
  return full;
}

/** The record statuses that end an approval before every step was decided (its open steps become SKIPPED). */
const ENDED_UNDECIDED: ReadonlySet<ApprovalStatus> = new Set<ApprovalStatus>(['REJECTED', 'CANCELLED']);

/**
 * The steps of `round` nobody decides any more once the record ended (rejected, cancelled,
 * voided by its module): WAITING and PENDING → SKIPPED, so the chain never shows a step of a
 * closed record as waiting for someone.
 */
async function skipOpenSteps(tx: Db, approvalId: number, round: number): Promise<void> {
  await tx
    .update(approvalSteps)
    .set({ status: 'SKIPPED' })
    .where(and(eq(approvalSteps.approvalId, approvalId), eq(approvalSteps.round, round), inArray(approvalSteps.status, ['WAITING', 'PENDING'])));
}

/** appendHistory unless the kind writes its own rows (registry `ownHistoryAndNotices`). */
async function historyFor(tx: Db, kind: ApprovalKind, rows: Parameters<typeof appendHistory>[1]): Promise<void> {
  if (!kind.ownHistoryAndNotices) await appendHistory(tx, rows);
}

/**
 * The author submits (DRAFT or RETURNED → SUBMITTED), and the engine starts the chain at once
 * (SUBMITTED → IN_APPROVAL, step 1 PENDING): two history rows (`submit`, `start`). Runs inside
 * `tx` and answers the notices to send after the commit (step 1's approvers and substitutes).
 * 403 `notAuthor`; 422 `invalidTransition`, `noApprover` (`details.position`).
 */
export async function submitInTx(
  tx: Db,
  user: AuthUser,
  recordKind: string,
  recordId: number,
  now: Date,
  options: { changedAfterApproval?: boolean } = {},
): Promise<ApprovalNotice[]> {
  const kind = kindOf(recordKind);
  const record = await loadRecord(tx, recordKind, recordId, true);
  // APPROVED → SUBMITTED only for a record changed after its approval (`changedAfterApproval`,
  // whoever changed it); every other submission is the author's.
  const reopening = options.changedAfterApproval === true;
  const submit = transitionOf(record.status, 'submit', reopening ? 'changedAfterApproval' : 'authorSubmits');
  if (!reopening && record.authorId !== user.id) throw forbidden('notAuthor', 'Only the author submits a record for approval.');
  const round = record.status === 'RETURNED' || record.status === 'APPROVED' ? record.round + 1 : record.round;

  const chain = await kind.chain({ recordId, authorId: record.authorId, groupId: record.groupId, db: tx });
  if (chain.length === 0) throw domainRule('noApprover', 'This record’s chain has no steps.', { position: 0 });
  const resolved: number[][] = [];
  for (const [i, spec] of chain.entries()) {
    const ids = spec.role ? await usersOfRole(tx, spec.role, record.groupId) : await activeUsers(tx, spec.users ?? []);
    const approvers = ids.filter((id) => id !== record.authorId);
    if (approvers.length === 0) {
      throw domainRule('noApprover', `Step ${i + 1} of the chain${spec.role ? ` (${spec.role})` : ''} has no active approver other than the author.`, {
        position: i + 1,
        role: spec.role ?? null,
      });
    }
    resolved.push(approvers);
  }

  const base = { actorId: user.id, onBehalfOfId: null, comment: null, at: now };
  await setStatus(tx, kind, record, submit.to, { ...base, action: 'submit' }, round);
  const submitted = { ...record, status: submit.to, round };
  const start = transitionOf(submitted.status, 'start');
  await setStatus(tx, kind, submitted, start.to, { ...base, action: 'start', actorId: null }, round);

  const inserted = await tx
    .insert(approvalSteps)
    .values(
      chain.map((spec, i) => ({
        approvalId: record.id,
        round,
        position: i + 1,
        role: spec.role ?? null,
        mode: spec.mode ?? 'any',
        status: (i === 0 ? 'PENDING' : 'WAITING') as ApprovalStepStatus,
        activatedAt: i === 0 ? now : null,
      })),
    )
    .returning();
  const slots = inserted.flatMap((step) => resolved[step.position - 1]!.map((userId) => ({ stepId: step.id, userId, approvalId: record.id })));
  await tx.insert(approvalStepApprovers).values(slots);
  await syncWaiting(tx, record.id);

  const first = inserted.find((s) => s.position === 1)!;
  await historyFor(tx, kind, [
    { recordKind, recordId, action: 'submit', fromStatus: record.status, toStatus: submit.to, actorId: user.id, details: { round }, createdAt: now },
    {
      recordKind,
      recordId,
      action: 'start',
      fromStatus: submit.to,
      toStatus: start.to,
      actorId: null,
      details: { round, stepId: first.id, position: 1, stepStatus: 'PENDING' },
      createdAt: now,
    },
  ]);
  const firstSlots = slots.filter((s) => s.stepId === first.id).map((s) => ({ ...s, decision: null, decidedById: null, decidedAt: null, comment: null, pendingSince: now }));
  if (kind.ownHistoryAndNotices) return [];
  return waitingNotices(tx, { ...record, status: start.to, round }, firstSlots, user.id, now);
}

/** {@link submitInTx} in its own transaction, then the notices. */
export async function submitApproval(deps: AppDeps, user: AuthUser, recordKind: string, recordId: number, now = new Date(), log?: WarnLogger): Promise<void> {
  const notices = await deps.db.transaction((tx) => submitInTx(tx, user, recordKind, recordId, now));
  await announceWaitingChange(deps, recordId, log);
  await sendNotices(deps, notices, log);
  await kindOf(recordKind).afterChange?.(deps, recordId, null);
}

// ---------------------------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------------------------

/** The decision's comment: required (records' requireComment, ≥ APPROVAL_COMMENT_MIN) where the transition says so, else trimmed or null. */
function checkComment(transition: ApprovalTransition, comment: string | undefined): string | null {
  if (transition.requires?.includes('comment')) return requireComment(comment, 'comment', APPROVAL_COMMENT_MIN);
  const text = comment?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * Whether `user` already decided a slot of this step — in their own name or as someone's
 * substitute (`decided_by_id`). Such a person decides no other slot of it (issue #42, four eyes):
 * a step that needs all of N approvers needs N different people, so a substitute who is an
 * approver of the step too, or substitutes two of its approvers, fills one slot only.
 */
const decidedOnStep = (user: AuthUser, slots: readonly SlotRow[]) => slots.some((s) => s.decision !== null && s.decidedById === user.id);

/** 403 `forbidden` rule `alreadyDecidedStep`: see {@link decidedOnStep}. */
const alreadyDecidedStep = (recordKind: string, recordId: number) =>
  forbidden('alreadyDecidedStep', 'You have already decided on this step; another approver must decide its other part.', { recordKind, recordId });

/**
 * Whose slot the caller decides on the pending step: their own, else the first one they substitute
 * at `now`; null when neither — or when they already decided a slot of this step ({@link decidedOnStep}).
 */
async function slotFor(db: Db, user: AuthUser, slots: SlotRow[], now: Date): Promise<{ slot: SlotRow; onBehalfOfId: number | null } | null> {
  return decidedOnStep(user, slots) ? null : openSlotFor(db, user, slots, now);
}

/** {@link slotFor} without the four-eyes rule: an open slot that is the caller's own or one they substitute at `now`. */
async function openSlotFor(db: Db, user: AuthUser, slots: SlotRow[], now: Date): Promise<{ slot: SlotRow; onBehalfOfId: number | null } | null> {
  const open = slots.filter((s) => s.decision === null);
  const own = open.find((s) => s.userId === user.id);
  if (own) return { slot: own, onBehalfOfId: null };
  const delegators = new Set(await delegatorsOf(db, user.id, now));
  const theirs = open.find((s) => delegators.has(s.userId));
  return theirs ? { slot: theirs, onBehalfOfId: theirs.userId } : null;
}

/** The pending step of the current round, if any. */
const pendingOf = (steps: { step: StepRow; slots: SlotRow[] }[]) => steps.find((s) => s.step.status === 'PENDING');

/** What {@link decide} answers: the outcome, for callers that report it (bulk approval). */
export interface DecisionOutcome {
  from: ApprovalStatus;
  to: ApprovalStatus;
  stepStatus: ApprovalStepStatus;
  onBehalfOfId: number | null;
}

/**
 * An approver (or their active substitute) decides the pending step: `approve` (the step is done
 * when one approver of an `any` step, or every approver of an `all` step, approved — APPROVED, or
 * DELEGATED when a substitute's approval completed it; then the next step becomes PENDING, or the
 * record APPROVED after the last), `reject` (step and record REJECTED) or `return` (step RETURNED,
 * record RETURNED to its author). `input`: module data for the kind's `beforeDecide` (registry.ts),
 * which may refuse the decision or add details to its history row. Errors: see the module comment.
 */
export async function decide(
  deps: AppDeps,
  user: AuthUser,
  recordKind: string,
  recordId: number,
  decision: ApprovalDecision,
  comment: string | undefined,
  now = new Date(),
  log?: WarnLogger,
  input: Readonly<Record<string, unknown>> = {},
): Promise<DecisionOutcome> {
  const kind = kindOf(recordKind);
  const record = await loadRecord(deps.db, recordKind, recordId);
  // The status first (422), then the person (403), then the comment (422).
  transitionOf(record.status, decision, decision === 'approve' ? 'moreSteps' : undefined);
  if (record.authorId === user.id) throw forbidden('ownRecord', 'You may not decide on your own record.', { recordKind, recordId });
  const steps = await stepsOf(deps.db, record);
  const pending = pendingOf(steps);
  const mine = pending ? await openSlotFor(deps.db, user, pending.slots, now) : null;
  // Someone who could fill another slot (as a substitute) but already decided one of this step: four eyes.
  if (pending && mine && decidedOnStep(user, pending.slots)) throw alreadyDecidedStep(recordKind, recordId);
  if (!pending || !mine) {
    throw forbidden('notApprover', 'Only an approver of the pending step or their substitute decides it.', { recordKind, recordId });
  }
  if (kind.decisionKey) await access.require(deps, user, kind.decisionKey);

  const result = await deps.db.transaction(async (tx) => {
    const locked = await loadRecord(tx, recordKind, recordId, true);
    const nowSteps = await stepsOf(tx, locked);
    const nowPending = pendingOf(nowSteps);
    const slot = nowPending?.slots.find((s) => s.userId === mine.slot.userId);
    if (locked.status !== record.status || locked.round !== record.round || nowPending?.step.id !== pending.step.id || !slot || slot.decision !== null) {
      throw new AppError(409, 'approvalChanged', 'Someone decided on this record meanwhile; reload it and try again.', { recordKind, recordId });
    }
    // The check above read outside the lock: under it, a decision of the caller's on this step that committed meanwhile refuses this one too.
    if (decidedOnStep(user, nowPending.slots)) throw alreadyDecidedStep(recordKind, recordId);
    const step = nowPending.step;
    const isLast = step.position === Math.max(...nowSteps.map((s) => s.step.position));
    const othersApproved = nowPending.slots.filter((s) => s.userId !== slot.userId).every((s) => s.decision === 'approve');
    const stepDone = decision !== 'approve' || step.mode === 'any' || othersApproved;
    const guard: ApprovalGuard | undefined = decision === 'approve' ? (stepDone && isLast ? 'lastStep' : 'moreSteps') : undefined;
    const transition = transitionOf(locked.status, decision, guard);
    const text = checkComment(transition, comment);
    const extra =
      (await kind.beforeDecide?.(tx, { recordId, decision, position: step.position, role: step.role, actorId: user.id, onBehalfOfId: mine.onBehalfOfId, input, at: now })) ?? {};

    await tx
      .update(approvalStepApprovers)
      .set({ decision, decidedById: user.id, decidedAt: now, comment: text })
      .where(and(eq(approvalStepApprovers.stepId, step.id), eq(approvalStepApprovers.userId, slot.userId)));
    const stepStatus: ApprovalStepStatus = !stepDone
      ? 'PENDING'
      : decision === 'reject'
        ? 'REJECTED'
        : decision === 'return'
          ? 'RETURNED'
          : mine.onBehalfOfId !== null
            ? 'DELEGATED'
            : 'APPROVED';
    if (stepDone) await tx.update(approvalSteps).set({ status: stepStatus, decidedAt: now }).where(eq(approvalSteps.id, step.id));
    if (stepDone && decision === 'approve') {
      await kind.onStepApproved?.(tx, { recordId, position: step.position, role: step.role, actorId: user.id, onBehalfOfId: mine.onBehalfOfId, at: now });
    }
    const next = stepDone && decision === 'approve' && !isLast ? nowSteps.find((s) => s.step.position === step.position + 1) : undefined;
    if (next) await tx.update(approvalSteps).set({ status: 'PENDING', activatedAt: now }).where(eq(approvalSteps.id, next.step.id));

    const change = { action: decision, actorId: user.id, onBehalfOfId: mine.onBehalfOfId, comment: text, at: now };
    const statusChange = await setStatus(tx, kind, locked, transition.to, change);
    await syncWaiting(tx, locked.id);
    await historyFor(tx, kind, [
      {
        recordKind,
        recordId,
        action: decision,
        fromStatus: locked.status,
        toStatus: transition.to,
        actorId: user.id,
        onBehalfOfId: mine.onBehalfOfId,
        comment: text,
        details: { ...extra, round: locked.round, stepId: step.id, position: step.position, stepStatus },
        createdAt: now,
      },
    ]);

    // Whoever acts next, and the author.
    const names = mine.onBehalfOfId !== null ? await namesOf(tx, [mine.onBehalfOfId]) : new Map<number, string>();
    const onBehalf: Record<string, string> = mine.onBehalfOfId !== null ? { onBehalfOf: names.get(mine.onBehalfOfId) ?? '' } : {};
    const suffix = mine.onBehalfOfId !== null ? 'OnBehalf' : '';
    const authorKey =
      transition.to === 'APPROVED' ? 'approved' : transition.to === 'REJECTED' ? 'rejected' : transition.to === 'RETURNED' ? 'returned' : 'stepApproved';
    const notices: ApprovalNotice[] = [
      {
        userIds: [locked.authorId],
        key: `notifications.approvals.${authorKey}${suffix}`,
        params: { ...summary(locked), position: step.position, ...onBehalf },
        url: locked.url,
        actorId: user.id,
      },
    ];
    if (next) notices.push(...(await waitingNotices(tx, locked, next.slots, user.id, now)));
    return {
      outcome: { from: locked.status, to: transition.to, stepStatus, onBehalfOfId: mine.onBehalfOfId },
      notices: kind.ownHistoryAndNotices ? [] : notices,
      statusChange,
    };
  });
  await announceWaitingChange(deps, recordId, log);
  await sendNotices(deps, result.notices, log);
  await kind.afterChange?.(deps, recordId, result.statusChange);
  return result.outcome;
}

// ---------------------------------------------------------------------------------------------
// Cancelling and processing
// ---------------------------------------------------------------------------------------------

/**
 * The author withdraws the record before approval (DRAFT, SUBMITTED, IN_APPROVAL, RETURNED →
 * CANCELLED): one history row; the pending step's approvers are told. Inside `tx`; answers the
 * notices. 403 `notAuthor`, 422 `invalidTransition`.
 */
export async function cancelInTx(tx: Db, user: AuthUser, recordKind: string, recordId: number, comment: string | null, now: Date): Promise<ApprovalNotice[]> {
  const kind = kindOf(recordKind);
  const record = await loadRecord(tx, recordKind, recordId, true);
  const transition = transitionOf(record.status, 'cancel');
  if (record.authorId !== user.id) throw forbidden('notAuthor', 'Only the author cancels the record.', { recordKind, recordId });
  const pending = pendingOf(await stepsOf(tx, record));
  await setStatus(tx, kind, record, transition.to, { action: 'cancel', actorId: user.id, onBehalfOfId: null, comment, at: now });
  await syncWaiting(tx, record.id);
  await historyFor(tx, kind, [{ recordKind, recordId, action: 'cancel', fromStatus: record.status, toStatus: transition.to, actorId: user.id, comment, createdAt: now }]);
  const waiting = pending?.slots.filter((s) => s.decision === null).map((s) => s.userId) ?? [];
  if (kind.ownHistoryAndNotices) return [];
  return [{ userIds: waiting, key: 'notifications.approvals.cancelled', params: summary(record), url: record.url, actorId: user.id }];
}

/** {@link cancelInTx} in its own transaction, then the notices. */
export async function cancelApproval(deps: AppDeps, user: AuthUser, recordKind: string, recordId: number, comment: string | null = null, now = new Date(), log?: WarnLogger): Promise<void> {
  const notices = await deps.db.transaction((tx) => cancelInTx(tx, user, recordKind, recordId, comment, now));
  await announceWaitingChange(deps, recordId, log);
  await sendNotices(deps, notices, log);
  await kindOf(recordKind).afterChange?.(deps, recordId, null);
}

/**
 * The module's processing (APPROVED → PROCESSED: issued, registered, paid): one history row, the
 * author is told. 403 `notProcessor` unless the kind's `mayProcess` allows the caller.
 */
export async function processApproval(deps: AppDeps, user: AuthUser, recordKind: string, recordId: number, now = new Date(), log?: WarnLogger): Promise<void> {
  const kind = kindOf(recordKind);
  const record = await loadRecord(deps.db, recordKind, recordId);
  const transition = transitionOf(record.status, 'process');
  if (!(await kind.mayProcess?.(deps, user, recordId))) throw forbidden('notProcessor', 'You may not process this record.', { recordKind, recordId });
  const notices = await deps.db.transaction(async (tx) => {
    const locked = await loadRecord(tx, recordKind, recordId, true);
    if (locked.status !== record.status) throw new AppError(409, 'approvalChanged', 'The record changed meanwhile; reload it and try again.');
    await setStatus(tx, kind, locked, transition.to, { action: 'process', actorId: user.id, onBehalfOfId: null, comment: null, at: now });
    await syncWaiting(tx, locked.id);
    await historyFor(tx, kind, [{ recordKind, recordId, action: 'process', fromStatus: locked.status, toStatus: transition.to, actorId: user.id, createdAt: now }]);
    return kind.ownHistoryAndNotices ? [] : [{ userIds: [locked.authorId], key: 'notifications.approvals.processed', params: summary(locked), url: locked.url, actorId: user.id }];
  });
  await announceWaitingChange(deps, recordId, log);
  await sendNotices(deps, notices, log);
  await kind.afterChange?.(deps, recordId, null);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * A record's approval as the caller sees it (contracts ApprovalState): 404 without one; 403
 * `notRecordParticipant` unless the kind's `mayView` allows (default: the author, an approver of
 * the round, or an active substitute of one).
 */
export async function approvalState(deps: AppDeps, user: AuthUser, recordKind: string, recordId: number, now = new Date()): Promise<ApprovalState> {
  const kind = kindOf(recordKind);
  const record = await loadRecord(deps.db, recordKind, recordId);
  const steps = await stepsOf(deps.db, record);
  const approverIds = steps.flatMap((s) => s.slots.map((x) => x.userId));
  const delegators = new Set(await delegatorsOf(deps.db, user.id, now));
  const participant = record.authorId === user.id || approverIds.some((id) => id === user.id || delegators.has(id));
  const allowed = participant || (kind.mayView ? await kind.mayView(deps, user, recordId) : false);
  if (!allowed) throw forbidden('notRecordParticipant', 'You have no part in this record.', { recordKind, recordId });

  const names = await namesOf(deps.db, [record.authorId, ...approverIds, ...steps.flatMap((s) => s.slots.map((x) => x.decidedById ?? x.userId))]);
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  const pending = pendingOf(steps);
  const mine = pending && record.status === 'IN_APPROVAL' && record.authorId !== user.id ? await slotFor(deps.db, user, pending.slots, now) : null;
  const holdsKey = !kind.decisionKey || (await access.hasAction(deps, user, kind.decisionKey));
  return {
    recordKind,
    recordId,
    title: record.title,
    number: record.number,
    url: record.url,
    status: record.status,
    round: record.round,
    author: person(record.authorId),
    steps: steps.map(({ step, slots }) => ({
      id: step.id,
      position: step.position,
      role: step.role,
      mode: step.mode,
      status: step.status,
      approvers: slots.map((s) => ({
        approver: person(s.userId),
        decision: s.decision,
        decidedBy: s.decidedById !== null ? person(s.decidedById) : null,
        decidedAt: s.decidedAt?.toISOString() ?? null,
        comment: s.comment,
      })),
    })),
    allowedDecisions: mine && holdsKey ? [...(kind.decisions ?? APPROVAL_DECISIONS)] : [],
    onBehalfOf: mine?.onBehalfOfId != null ? person(mine.onBehalfOfId) : null,
    updatedAt: record.updatedAt.toISOString(),
  };
}

/**
 * The module ended the record's approval by a transition of its own (help desk: a group member
 * rejects, the requester cancels): an open approval (DRAFT, SUBMITTED, IN_APPROVAL, RETURNED)
 * takes `to` without checks, hooks or history — the module wrote its row — so it leaves
 * everyone's "my approvals"; its undecided steps become SKIPPED. Inside the module's transaction; no approval → nothing.
 */
export async function closeApprovalInTx(tx: Db, recordKind: string, recordId: number, to: 'REJECTED' | 'CANCELLED', now: Date): Promise<void> {
  const record = await findRecord(tx, recordKind, recordId, true);
  if (!record || !['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'RETURNED'].includes(record.status)) return;
  await tx.update(approvalRecords).set({ status: to, updatedAt: now }).where(eq(approvalRecords.id, record.id));
  await skipOpenSteps(tx, record.id, record.round);
  await syncWaiting(tx, record.id);
}

/** Whether `user` decides a pending step of the record at `now` only as a substitute (not as an approver). */
export async function decidesAsSubstitute(db: Db, user: AuthUser, recordKind: string, recordId: number, now = new Date()): Promise<boolean> {
  const record = await findRecord(db, recordKind, recordId);
  if (!record || record.status !== 'IN_APPROVAL' || record.authorId === user.id) return false;
  const pending = pendingOf(await stepsOf(db, record));
  const mine = pending ? await slotFor(db, user, pending.slots, now) : null;
  return mine !== null && mine.onBehalfOfId !== null;
}

/** The approvers of every step of the record's current round (ids; [] without an approval): e.g. a module's RecordChanged audience. */
export async function approversOf(db: Db, recordKind: string, recordId: number): Promise<number[]> {
  const record = await findRecord(db, recordKind, recordId);
  if (!record) return [];
  return [...new Set((await stepsOf(db, record)).flatMap((s) => s.slots.map((x) => x.userId)))];
}

/**
 * Whether `user` is an approver of the record's current round or, at `now`, an active substitute
 * of one (a module's record rule lets them see the record itself).
 */
export async function isApprovalParticipant(db: Db, user: AuthUser, recordKind: string, recordId: number, now = new Date()): Promise<boolean> {
  const ids = await approversOf(db, recordKind, recordId);
  if (ids.includes(user.id)) return true;
  if (ids.length === 0) return false;
  const delegators = new Set(await delegatorsOf(db, user.id, now));
  return ids.some((id) => delegators.has(id));
}

/** The record's approval status, or null when it has none (modules show it beside their own). */
export async function approvalStatusOf(db: Db, recordKind: string, recordId: number): Promise<ApprovalStatus | null> {
  return (await findRecord(db, recordKind, recordId))?.status ?? null;
}
