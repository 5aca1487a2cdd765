import { z } from 'zod';
import type { MachineTransition } from './machine';
import { calendarDate } from './validation';
import { APPROVAL_STATUSES, APPROVAL_ACTIONS, APPROVAL_DECISIONS, APPROVAL_COMMENT_MAX, APPROVAL_STEP_STATUSES, APPROVAL_ROLES, APPROVAL_MODES, APPROVAL_BULK_MAX, MY_APPROVALS_PAGE_MAX, DELEGATION_REASON_MAX } from './plain/approvals';
export { APPROVAL_STATUSES, APPROVAL_ACTIONS, APPROVAL_DECISIONS, APPROVALS_ACTION_KEY, APPROVALS_DELEGATE_KEY, APPROVAL_TRANSITIONS, approvalMachine, APPROVAL_FINAL_STATUSES, APPROVAL_COMMENT_MIN, APPROVAL_COMMENT_MAX, APPROVAL_STEP_STATUSES, APPROVAL_STEP_TRANSITIONS, APPROVAL_ROLES, APPROVAL_MODES, APPROVAL_BULK_MAX, MY_APPROVALS_PAGE_MAX, DELEGATION_REASON_MAX } from './plain/approvals';
export const approvalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatus>;
export const approvalAction = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof approvalAction>;
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
export const approvalStepStatus = z.enum(APPROVAL_STEP_STATUSES);
export type ApprovalStepStatus = z.infer<typeof approvalStepStatus>;
export const approvalRole = z.enum(APPROVAL_ROLES);
export type ApprovalStepRole = z.infer<typeof approvalRole>;
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

/**
 * POST /api/approvals/delegations body: the caller names `substituteId` for the whole days
 * `startsOn` … `endsOn` (calendar dates, both inclusive). The server turns them into the window
 * [`startsOn` 00:00, the day after `endsOn` 00:00) in the organisation's time zone (ORG_TIME_ZONE,
 * default Asia/Baku), whatever the browser's zone. Server: 422 `selfDelegation`,
 * `substituteInactive`, `delegationOverlaps`, `invalidRange` (`endsOn` before `startsOn`, or the
 * last day already past).
 */
export const createDelegationInput = z.object({
  substituteId: z.number().int().positive(),
  startsOn: calendarDate,
  endsOn: calendarDate,
  reason: z.string().trim().max(DELEGATION_REASON_MAX).optional(),
});
export type CreateDelegationInput = z.infer<typeof createDelegationInput>;

/**
 * A delegation: `user` is substituted by `substitute` on the days `startsOn` … `endsOn`
 * (inclusive, the organisation's calendar), i.e. over the instants [`startsAt`, `endsAt`);
 * `endedAt` set when ended early (the window then stops there).
 */
export const delegation = z.object({
  id: z.number().int(),
  user: approvalPerson,
  substitute: approvalPerson,
  startsOn: calendarDate,
  endsOn: calendarDate,
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
