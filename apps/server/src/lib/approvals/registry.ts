import type { ApprovalAction, ApprovalDecision, ApprovalMode, ApprovalStatus, ApprovalStepRole } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';

/*
 * Record kinds on the approval engine (DOMAIN.md "Approval chains", issue #11). A module calls
 * {@link registerApprovalKind} once (at start, like access.registerRecordRule) with its chain and
 * its hooks; the engine (engine.ts) does the rest — statuses, steps, decisions, delegation,
 * history, notifications, my approvals.
 */

/**
 * One step of a chain:
 * - `{ role }` — the users of a role (contracts APPROVAL_ROLES; resolution in approvers.ts);
 * - `{ users }` — named users.
 * `mode` (default `any`): `any` — the first approval decides the step; `all` — every approver must approve.
 */
export type ApprovalStepSpec = ({ role: ApprovalStepRole; users?: never } | { users: readonly number[]; role?: never }) & { mode?: ApprovalMode };

/** What a status change tells the module (inside the decision's transaction). */
export interface ApprovalStatusChange {
  recordId: number;
  /** What caused it (contracts APPROVAL_ACTIONS). */
  action: ApprovalAction;
  from: ApprovalStatus;
  to: ApprovalStatus;
  /** Who pressed the button (null = the system). */
  actorId: number | null;
  /** Whose step a substitute decided, when one did. */
  onBehalfOfId: number | null;
  comment: string | null;
  at: Date;
}

/** A decision about to be written, for {@link ApprovalKind.beforeDecide}. */
export interface PendingDecision {
  recordId: number;
  decision: ApprovalDecision;
  /** The step being decided: its position (1 = first) and role (null for named users). */
  position: number;
  role: ApprovalStepRole | null;
  actorId: number;
  /** Whose slot a substitute decides, when one does. */
  onBehalfOfId: number | null;
  /** Module input passed to `decide` by the module's own route (e.g. equipment's `overrideBudget`); `{}` from my approvals. */
  input: Readonly<Record<string, unknown>>;
  at: Date;
}

/** A record kind's registration. */
export interface ApprovalKind {
  /**
   * The ordered chain, built when the record is submitted (each submission after a return builds it
   * again); `db` is the submission's transaction, for chains that read the record (contracts: the
   * reviewers its author named; documents: the route the sender stored).
   */
  chain(context: { recordId: number; authorId: number; groupId: number | null; db: Db }): readonly ApprovalStepSpec[] | Promise<readonly ApprovalStepSpec[]>;
  /**
   * An action key the decider must hold besides `approvals` (e.g. `helpdesk.requests.approve`);
   * 403 `forbidden` rule `userTypeLacks` without it.
   */
  decisionKey?: string;
  /**
   * The decisions this kind takes (default all three). The others are left out of the callers'
   * `allowedDecisions`; the module refuses them in `onStatusChange` (e.g. help desk: no return).
   */
  decisions?: readonly ApprovalDecision[];
  /** May `user` see the record's approval? Default: its author, its approvers and their substitutes. */
  mayView?(deps: AppDeps, user: AuthUser, recordId: number): Promise<boolean>;
  /** May `user` mark an APPROVED record PROCESSED? Default: nobody (the module decides). */
  mayProcess?(deps: AppDeps, user: AuthUser, recordId: number): Promise<boolean>;
  /**
   * Runs inside the decision's transaction (record locked) before anything is written: may refuse
   * it (throw an AppError, e.g. 422 when a budget would be exceeded without an override) or answer
   * details to add to the decision's history row (e.g. `{ budgetOverride: true }`).
   */
  beforeDecide?(tx: Db, decision: PendingDecision): Promise<Record<string, unknown> | void>;
  /** Keeps the module's own record in step (its status, its history) — runs inside the transaction. */
  onStatusChange?(tx: Db, change: ApprovalStatusChange): Promise<void>;
  /**
   * A step was completed by an approval (its status APPROVED or DELEGATED), before the record's
   * status changes — inside the decision's transaction, so a step's side effect (vendor invoices:
   * the warehouse check's stock receipt) commits or fails with the decision. `position` is 1-based.
   */
  onStepApproved?(tx: Db, step: { recordId: number; position: number; role: ApprovalStepRole | null; actorId: number; onBehalfOfId: number | null; at: Date }): Promise<void>;
  /**
   * After the transaction: e.g. RecordChanged over the hub for the module's pages; `change` is the
   * status change the decision made (null when none, e.g. one approval of an `all` step).
   */
  afterChange?(deps: AppDeps, recordId: number, change: ApprovalStatusChange | null): Promise<void>;
  /**
   * The module keeps its own history and notifications for its status changes (help desk: its
   * record's rows and `notifications.helpdesk.*`), written from onStatusChange / afterChange with
   * the same who / on behalf of whom — the engine then writes neither (still ONE row per decision).
   */
  ownHistoryAndNotices?: boolean;
}

const kinds = new Map<string, ApprovalKind>();

/** Registers (or replaces) `recordKind` on the engine. */
export function registerApprovalKind(recordKind: string, kind: ApprovalKind): void {
  kinds.set(recordKind, kind);
}

/** Removes a registration (tests registering their own kind clean up with it). */
export function unregisterApprovalKind(recordKind: string): void {
  kinds.delete(recordKind);
}

/** The registration of `recordKind`, or undefined. */
export function approvalKindOf(recordKind: string): ApprovalKind | undefined {
  return kinds.get(recordKind);
}
