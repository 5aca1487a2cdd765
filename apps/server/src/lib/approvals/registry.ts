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

/** A record kind's registration. */
export interface ApprovalKind {
  /**
   * The ordered chain, built when the record is submitted (each submission after a return builds it
   * again); `db` is the submitting transaction, for a chain the module stored (document routes).
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
  /** Keeps the module's own record in step (its status, its history) — runs inside the transaction. */
  onStatusChange?(tx: Db, change: ApprovalStatusChange): Promise<void>;
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
