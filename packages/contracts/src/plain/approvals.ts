/*
 * The zod-free half of ../approvals.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { defineMachine } from '../machine';
import { COMMENT_MIN_LENGTH } from './records';
import type { ApprovalAction, ApprovalTransition, ApprovalStatus, ApprovalStepStatus, ApprovalDecision } from '../approvals';

/*
 * The approval engine (DOMAIN.md "Approval chains", issue #11): one engine for every record kind
 * that needs approval (inventory requests, contracts, vendor invoices, registry, help desk's
 * approval step). A record kind registers its chain once on the server
 * (apps/server/src/lib/approvals); these are the shapes the server, the MSW mock and the web share.
 */

// ---------------------------------------------------------------------------------------------
// The record's status machine
// ---------------------------------------------------------------------------------------------

/**
 * A record's approval status: DRAFT → SUBMITTED → IN_APPROVAL (step k) → APPROVED → PROCESSED
 * (module specific: issued, registered, paid); side exits REJECTED (comment required), RETURNED
 * (back to the author, comment required, then submitted again), CANCELLED (the author, before
 * approval).
 */
export const APPROVAL_STATUSES = ['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'APPROVED', 'PROCESSED', 'REJECTED', 'RETURNED', 'CANCELLED'] as const;

/** What can happen to a record: the author's submit/cancel, an approver's decision, the system's start, the module's process. */
export const APPROVAL_ACTIONS = ['submit', 'start', 'approve', 'reject', 'return', 'cancel', 'process'] as const;

/** The decisions an approver takes on a pending step (the decision bar's three buttons). */
export const APPROVAL_DECISIONS = ['approve', 'reject', 'return'] as const satisfies readonly ApprovalAction[];

/**
 * The catalogue action key of "my approvals" (the page, the list, decisions from it and
 * delegation); every demo user type holds it. A record kind's own keys (e.g.
 * `helpdesk.requests.approve`) are checked by its registration on top.
 */
export const APPROVALS_ACTION_KEY = 'approvals';

/** The catalogue key of naming a substitute (profile page / delegation dialog). */
export const APPROVALS_DELEGATE_KEY = 'approvals.delegate';

const K = APPROVALS_ACTION_KEY;

/** Every transition of an approval record. Anything else: 422 `invalidTransition`. */
export const APPROVAL_TRANSITIONS: readonly ApprovalTransition[] = [
  { from: 'DRAFT', action: 'submit', to: 'SUBMITTED', actionKey: K, who: ['author'], guard: 'authorSubmits' },
  { from: 'RETURNED', action: 'submit', to: 'SUBMITTED', actionKey: K, who: ['author'], guard: 'authorSubmits' },
  { from: 'APPROVED', action: 'submit', to: 'SUBMITTED', actionKey: K, who: ['system'], guard: 'changedAfterApproval' },
  { from: 'SUBMITTED', action: 'start', to: 'IN_APPROVAL', actionKey: K, who: ['system'] },
  { from: 'IN_APPROVAL', action: 'approve', to: 'IN_APPROVAL', actionKey: K, who: ['approver'], notByAuthor: true, guard: 'moreSteps' },
  { from: 'IN_APPROVAL', action: 'approve', to: 'APPROVED', actionKey: K, who: ['approver'], notByAuthor: true, guard: 'lastStep' },
  { from: 'IN_APPROVAL', action: 'reject', to: 'REJECTED', actionKey: K, who: ['approver'], notByAuthor: true, requires: ['comment'] },
  { from: 'IN_APPROVAL', action: 'return', to: 'RETURNED', actionKey: K, who: ['approver'], notByAuthor: true, requires: ['comment'] },
  { from: 'DRAFT', action: 'cancel', to: 'CANCELLED', actionKey: K, who: ['author'] },
  { from: 'SUBMITTED', action: 'cancel', to: 'CANCELLED', actionKey: K, who: ['author'] },
  { from: 'IN_APPROVAL', action: 'cancel', to: 'CANCELLED', actionKey: K, who: ['author'] },
  { from: 'RETURNED', action: 'cancel', to: 'CANCELLED', actionKey: K, who: ['author'] },
  { from: 'APPROVED', action: 'process', to: 'PROCESSED', actionKey: K, who: ['processor'] },
];

/** The record machine: {@link APPROVAL_TRANSITIONS} with its look-ups. */
export const approvalMachine = defineMachine(APPROVAL_TRANSITIONS, 'author');

/** Statuses a record no longer leaves. */
export const APPROVAL_FINAL_STATUSES = ['PROCESSED', 'REJECTED', 'CANCELLED'] as const satisfies readonly ApprovalStatus[];

/** Shortest comment a reject / return accepts: the records' rule (records.ts COMMENT_MIN_LENGTH, SPEC §5; checked on the server). */
export const APPROVAL_COMMENT_MIN = COMMENT_MIN_LENGTH;

/** Longest decision comment. */
export const APPROVAL_COMMENT_MAX = 2000;

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

/**
 * A step's state: WAITING (not its turn) → PENDING (its turn) → APPROVED | REJECTED | DELEGATED
 * (decided by a substitute, shown as "approved on behalf of"); RETURNED when the record went back
 * to its author from this step (a resubmission builds a new round of steps); SKIPPED when the
 * record ended (rejected, cancelled, voided) while the step was still WAITING or PENDING — nobody
 * decides it any more, so no screen may show it as waiting for a decision.
 */
export const APPROVAL_STEP_STATUSES = ['WAITING', 'PENDING', 'APPROVED', 'REJECTED', 'DELEGATED', 'RETURNED', 'SKIPPED'] as const;

/** The step machine (who: the engine; the record machine above says who may cause it). */
export const APPROVAL_STEP_TRANSITIONS: readonly { from: ApprovalStepStatus; event: 'activate' | ApprovalDecision | 'approveOnBehalf' | 'skip'; to: ApprovalStepStatus }[] = [
  { from: 'WAITING', event: 'activate', to: 'PENDING' },
  { from: 'PENDING', event: 'approve', to: 'APPROVED' },
  { from: 'PENDING', event: 'approveOnBehalf', to: 'DELEGATED' },
  { from: 'PENDING', event: 'reject', to: 'REJECTED' },
  { from: 'PENDING', event: 'return', to: 'RETURNED' },
  { from: 'WAITING', event: 'skip', to: 'SKIPPED' },
  { from: 'PENDING', event: 'skip', to: 'SKIPPED' },
];

/**
 * The roles a step may name (DOMAIN.md): each but `groupLead` resolves to the active users whose
 * user type has that key (seed/catalog.ts userTypeSeeds); `groupLead` to the lead of the group the
 * record names (its registration's `groupId`).
 */
export const APPROVAL_ROLES = ['director', 'visaPool', 'lawyer', 'clerk', 'accountant', 'groupLead', 'warehouseKeeper'] as const;

/** A parallel step: `all` — every approver must approve; `any` — the first approval decides. */
export const APPROVAL_MODES = ['all', 'any'] as const;

/** Most records one bulk approval takes. */
export const APPROVAL_BULK_MAX = 100;

// ---------------------------------------------------------------------------------------------
// My approvals
// ---------------------------------------------------------------------------------------------

export const MY_APPROVALS_PAGE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Delegation
// ---------------------------------------------------------------------------------------------

/** Longest delegation reason. */
export const DELEGATION_REASON_MAX = 500;
