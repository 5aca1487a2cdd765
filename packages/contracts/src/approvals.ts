import { z } from 'zod';
import { defineMachine, type MachineTransition } from './machine';
import { COMMENT_MIN_LENGTH } from './records';

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
export const approvalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

/** What can happen to a record: the author's submit/cancel, an approver's decision, the system's start, the module's process. */
export const APPROVAL_ACTIONS = ['submit', 'start', 'approve', 'reject', 'return', 'cancel', 'process'] as const;
export const approvalAction = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof approvalAction>;

/** The decisions an approver takes on a pending step (the decision bar's three buttons). */
export const APPROVAL_DECISIONS = ['approve', 'reject', 'return'] as const satisfies readonly ApprovalAction[];
export const approvalDecision = z.enum(APPROVAL_DECISIONS);
export type ApprovalDecision = z.infer<typeof approvalDecision>;

/**
 * Who may do a transition, relative to the record:
 * - `author` — who created it (never decides a step of their own record: 403 `ownRecord`);
 * - `approver` — an approver of the pending step who has not decided yet, or their active substitute;
 * - `processor` — whoever the record kind lets process an approved record (module specific);
 * - `system` — the engine itself (SUBMITTED → IN_APPROVAL as soon as the chain is built).
 */
export type ApprovalRole = 'author' | 'approver' | 'processor' | 'system';

/**
 * `lastStep`: this decision completes the last step; `moreSteps`: steps remain after it;
 * `authorSubmits`: the author submits; `changedAfterApproval`: an approved record was changed
 * and goes back to approval (documents, issue #15 — whoever changed it; a new round).
 */
export type ApprovalGuard = 'lastStep' | 'moreSteps' | 'authorSubmits' | 'changedAfterApproval';

/** The decision body's field a transition cannot do without (422 `commentRequired`). */
export type ApprovalRequiredField = 'comment';

export type ApprovalTransition = MachineTransition<ApprovalStatus, ApprovalAction, ApprovalRole, ApprovalGuard, ApprovalRequiredField>;

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
 * to its author from this step (a resubmission builds a new round of steps).
 */
export const APPROVAL_STEP_STATUSES = ['WAITING', 'PENDING', 'APPROVED', 'REJECTED', 'DELEGATED', 'RETURNED'] as const;
export const approvalStepStatus = z.enum(APPROVAL_STEP_STATUSES);
export type ApprovalStepStatus = z.infer<typeof approvalStepStatus>;

/** The step machine (who: the engine; the record machine above says who may cause it). */
export const APPROVAL_STEP_TRANSITIONS: readonly { from: ApprovalStepStatus; event: 'activate' | ApprovalDecision | 'approveOnBehalf'; to: ApprovalStepStatus }[] = [
  { from: 'WAITING', event: 'activate', to: 'PENDING' },
  { from: 'PENDING', event: 'approve', to: 'APPROVED' },
  { from: 'PENDING', event: 'approveOnBehalf', to: 'DELEGATED' },
  { from: 'PENDING', event: 'reject', to: 'REJECTED' },
  { from: 'PENDING', event: 'return', to: 'RETURNED' },
];

/**
 * The roles a step may name (DOMAIN.md): each but `groupLead` resolves to the active users whose
 * user type has that key (seed/catalog.ts userTypeSeeds); `groupLead` to the lead of the group the
 * record names (its registration's `groupId`).
 */
export const APPROVAL_ROLES = ['director', 'visaPool', 'lawyer', 'clerk', 'accountant', 'groupLead', 'warehouseKeeper'] as const;
export const approvalRole = z.enum(APPROVAL_ROLES);
export type ApprovalStepRole = z.infer<typeof approvalRole>;

/** A parallel step: `all` — every approver must approve; `any` — the first approval decides. */
export const APPROVAL_MODES = ['all', 'any'] as const;
export const approvalMode = z.enum(APPROVAL_MODES);
export type ApprovalMode = z.infer<typeof approvalMode>;

/** A person as the approval views name them. */
export const approvalPerson = z.object({ id: z.number().int(), name: z.string() });
export type ApprovalPerson = z.infer<typeof approvalPerson>;

/**
 * One approver of a step: `decision` null while undecided; `decidedBy` is who pressed the button
 * (the approver, or their substitute — then "by X on behalf of Y" with Y = `approver`).
 */
export const approvalApproverView = z.object({
  approver: approvalPerson,
  decision: approvalDecision.nullable(),
  decidedBy: approvalPerson.nullable(),
  decidedAt: z.string().datetime().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalApproverView = z.infer<typeof approvalApproverView>;

/** One step of the current round, in order (`position` from 1). */
export const approvalStepView = z.object({
  id: z.number().int(),
  position: z.number().int().positive(),
  role: approvalRole.nullable(),
  mode: approvalMode,
  status: approvalStepStatus,
  approvers: z.array(approvalApproverView),
});
export type ApprovalStepView = z.infer<typeof approvalStepView>;

/** Record kinds on the engine (the registrations' names; rec11's records.ts declares the live kinds). */
export const approvalRecordKind = z.string().min(1).max(40).regex(/^[a-zA-Z][a-zA-Z0-9]*$/);

/**
 * GET /api/approvals/{recordKind}/{recordId}: a record's approval — its status, round (1 + the
 * times it was returned and resubmitted), the steps of the round, and the caller's possible
 * decisions (`allowedDecisions`, empty for a bystander; `onBehalfOf` set when the caller decides
 * as a substitute).
 */
export const approvalState = z.object({
  recordKind: z.string(),
  recordId: z.number().int(),
  title: z.string(),
  number: z.string().nullable(),
  url: z.string().nullable(),
  status: approvalStatus,
  round: z.number().int().positive(),
  author: approvalPerson,
  steps: z.array(approvalStepView),
  allowedDecisions: z.array(approvalDecision),
  onBehalfOf: approvalPerson.nullable(),
  updatedAt: z.string().datetime(),
});
export type ApprovalState = z.infer<typeof approvalState>;

export const approvalRecordParams = z.object({ recordKind: approvalRecordKind, recordId: z.coerce.number().int().positive() });

/** A decision comment: trimmed, at most {@link APPROVAL_COMMENT_MAX}; reject/return need ≥ {@link APPROVAL_COMMENT_MIN} (server: 422 `commentRequired` / `commentTooShort`). */
export const approvalComment = z.string().trim().max(APPROVAL_COMMENT_MAX);

/** POST /api/approvals/decide body. */
export const approvalDecideInput = z.object({
  recordKind: approvalRecordKind,
  recordId: z.number().int().positive(),
  decision: approvalDecision,
  comment: approvalComment.optional(),
});
export type ApprovalDecideInput = z.infer<typeof approvalDecideInput>;

/** Most records one bulk approval takes. */
export const APPROVAL_BULK_MAX = 100;

/** POST /api/approvals/bulkApprove body: the records (each checked one by one) and one comment for all. */
export const approvalBulkInput = z.object({
  items: z
    .array(z.object({ recordKind: approvalRecordKind, recordId: z.number().int().positive() }))
    .min(1)
    .max(APPROVAL_BULK_MAX),
  comment: approvalComment.optional(),
});
export type ApprovalBulkInput = z.infer<typeof approvalBulkInput>;

/** One record's outcome in a bulk approval: `ok`, or the refusal's `status` / `code` / `message`. */
export const approvalBulkResult = z.object({
  recordKind: z.string(),
  recordId: z.number().int(),
  ok: z.boolean(),
  status: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export const approvalBulkResponse = z.object({ results: z.array(approvalBulkResult), approved: z.number().int(), failed: z.number().int() });
export type ApprovalBulkResponse = z.infer<typeof approvalBulkResponse>;

// ---------------------------------------------------------------------------------------------
// My approvals
// ---------------------------------------------------------------------------------------------

export const MY_APPROVALS_PAGE_MAX = 100;

/** POST /api/approvals/mine body: a page (newest waiting first), optionally one record kind. */
export const myApprovalsQuery = z.object({
  skip: z.number().int().nonnegative().default(0),
  take: z.number().int().positive().max(MY_APPROVALS_PAGE_MAX).default(25),
  recordKind: approvalRecordKind.optional(),
});
export type MyApprovalsQuery = z.input<typeof myApprovalsQuery>;

/**
 * One pending step waiting for the caller: as an approver (`onBehalfOf` null) or as the
 * substitute of `onBehalfOf`. `waitingSince` = when the step became PENDING.
 */
export const myApprovalRow = z.object({
  recordKind: z.string(),
  recordId: z.number().int(),
  title: z.string(),
  number: z.string().nullable(),
  url: z.string().nullable(),
  author: approvalPerson,
  stepPosition: z.number().int(),
  stepCount: z.number().int(),
  role: approvalRole.nullable(),
  mode: approvalMode,
  onBehalfOf: approvalPerson.nullable(),
  waitingSince: z.string().datetime(),
});
export type MyApprovalRow = z.infer<typeof myApprovalRow>;

export const myApprovalsResponse = z.object({ total: z.number().int(), rows: z.array(myApprovalRow) });
export type MyApprovalsResponse = z.infer<typeof myApprovalsResponse>;

/** GET /api/approvals/mine/count: the dashboard figure (the same rows as the list, counted). */
export const myApprovalsCount = z.object({ pending: z.number().int().nonnegative() });
export type MyApprovalsCount = z.infer<typeof myApprovalsCount>;

// ---------------------------------------------------------------------------------------------
// Delegation
// ---------------------------------------------------------------------------------------------

/** Longest delegation reason. */
export const DELEGATION_REASON_MAX = 500;

/**
 * POST /api/approvals/delegations body: the caller names `substituteId` for [`startsAt`,
 * `endsAt`) (ISO instants; the web sends the first day's 00:00 and the day after the last,
 * Asia/Baku). Server: 422 `selfDelegation`, `substituteInactive`, `delegationOverlaps`,
 * `invalidRange` (end not after start, or already past).
 */
export const createDelegationInput = z.object({
  substituteId: z.number().int().positive(),
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }),
  reason: z.string().trim().max(DELEGATION_REASON_MAX).optional(),
});
export type CreateDelegationInput = z.infer<typeof createDelegationInput>;

/** A delegation: `user` is substituted by `substitute` over [`startsAt`, `endsAt`); `endedAt` set when ended early. */
export const delegation = z.object({
  id: z.number().int(),
  user: approvalPerson,
  substitute: approvalPerson,
  startsAt: z.string().datetime(),
  endsAt: z.string().datetime(),
  reason: z.string().nullable(),
  createdBy: approvalPerson,
  createdAt: z.string().datetime(),
  endedAt: z.string().datetime().nullable(),
});
export type Delegation = z.infer<typeof delegation>;

/** GET /api/approvals/delegations: the ones the caller gave (`given`) and received (`received`), current and future first. */
export const delegationsResponse = z.object({ given: z.array(delegation), received: z.array(delegation) });
export type DelegationsResponse = z.infer<typeof delegationsResponse>;

export const delegationIdParams = z.object({ id: z.coerce.number().int().positive() });
