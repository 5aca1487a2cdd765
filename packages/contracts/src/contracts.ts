import { z } from 'zod';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import { modalElementKind, tin } from './modal-elements';
import { COMMENT_MIN_LENGTH, RECORD_TEXT_MAX, recordHistoryEntry, recordPerson } from './records';
import { calendarDate, id, idParam } from './validation';
import { CONTRACT_STATUSES, CONTRACT_STAGES, CONTRACT_RENEWALS, CONTRACT_NOTICE_DAYS_MAX, CONTRACT_RENEWAL_MONTHS_MAX, CONTRACT_SUBJECT_MAX, CONTRACT_AMOUNT_MAX, CONTRACT_REVIEWERS_MAX, CONTRACT_CURRENCIES, CONTRACT_ACTIONS } from './plain/contracts';
export { CONTRACT_STATUSES, CONTRACT_EDITABLE_STATUSES, CONTRACT_STAGES, CONTRACT_RENEWALS, CONTRACT_END_REMINDER_DAYS, CONTRACT_NOTICE_DAYS_MAX, CONTRACT_RENEWAL_MONTHS_MAX, CONTRACT_SUBJECT_MAX, CONTRACT_AMOUNT_MAX, CONTRACT_REVIEWERS_MAX, CONTRACT_NUMBER_PATTERN, CONTRACT_CURRENCIES, CONTRACT_ACTIONS } from './plain/contracts';
export const contractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatus>;
export const contractStage = z.enum(CONTRACT_STAGES);
export type ContractStage = z.infer<typeof contractStage>;
export const contractRenewal = z.enum(CONTRACT_RENEWALS);
export type ContractRenewal = z.infer<typeof contractRenewal>;

/** Counterparties of contracts: the counterparty kinds of modal elements. */
export const contractCounterpartyKind = modalElementKind.extract(['vendor', 'contractor']);
export type ContractCounterpartyKind = z.infer<typeof contractCounterpartyKind>;
export const contractCurrency = z.enum(CONTRACT_CURRENCIES);
export type ContractCurrency = z.infer<typeof contractCurrency>;

/** A counterparty as a contract shows it. */
export const contractCounterparty = z.object({
  id: z.number().int(),
  kind: contractCounterpartyKind,
  name: z.string(),
  tin: z.string().nullable(),
});
export type ContractCounterparty = z.infer<typeof contractCounterparty>;

/** A contract (amount in minor units; dates YYYY-MM-DD; instants ISO 8601). */
export const contract = z.object({
  id: z.number().int(),
  /** The registry number, null until the clerk registers it. */
  number: z.string().nullable(),
  status: contractStatus,
  /** The pending stage while IN_APPROVAL. */
  stage: contractStage.nullable(),
  counterparty: contractCounterparty,
  subject: z.string(),
  amountMinor: z.number().int(),
  currency: contractCurrency,
  startDate: z.string(),
  endDate: z.string(),
  noticeDays: z.number().int(),
  renewal: contractRenewal,
  renewalMonths: z.number().int().nullable(),
  responsible: recordPerson,
  author: recordPerson,
  reviewers: z.array(recordPerson),
  tagIds: z.array(z.number().int()),
  /** The notice date (end − noticeDays) and the "ends soon" date (end − 30 days). */
  noticeDate: z.string(),
  endReminderDate: z.string(),
  deactivationReason: z.string().nullable(),
  registeredAt: z.string().datetime().nullable(),
  previousId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
  term: z.number().int(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Contract = z.infer<typeof contract>;

/** One term of the chain of renewals (oldest first). */
export const contractTerm = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  term: z.number().int(),
  status: contractStatus,
  startDate: z.string(),
  endDate: z.string(),
});
export type ContractTerm = z.infer<typeof contractTerm>;
export const contractAction = z.enum(CONTRACT_ACTIONS);
export type ContractAction = z.infer<typeof contractAction>;

/** A history row of a contract (the engine's rows and the module's: create, update, register, expire, deactivate, renew, remind). */
export const contractHistoryEntry = recordHistoryEntry;
export type ContractHistoryEntry = z.infer<typeof contractHistoryEntry>;

/** GET /api/contracts/{id}: the contract, its history, files, the chain of renewals and the caller's actions. */
export const contractDetail = z.object({
  contract,
  history: z.array(contractHistoryEntry),
  attachments: z.array(fileItem),
  terms: z.array(contractTerm),
  allowedActions: z.array(contractAction),
});
export type ContractDetail = z.infer<typeof contractDetail>;

/** A new counterparty written with the contract (a vendor or contractor modal element). */
export const newContractCounterparty = z.object({
  kind: contractCounterpartyKind,
  name: z.string().trim().min(1).max(200),
  tin,
});

/**
 * POST /api/contracts/save body: without `id` creates a DRAFT (the caller is its author); with
 * `id` edits it (its author, while DRAFT or RETURNED: 403 `notAuthor` / 422 `contractNotEditable`).
 * Exactly one of `counterpartyId` (an active vendor or contractor) and `newCounterparty` (made
 * with it: 409 `duplicateTin` when another counterparty has that TIN, details name it). Amount in
 * minor units; `endDate` ≥ `startDate` (422 `endBeforeStart`); `renewalMonths` with automatic
 * renewal only. `reviewerIds`: the visa reviewers (holders of contracts.visa, not the author: 422
 * `invalidReviewer`). `fileIds`: uploads of type `contract`; `tagIds`: tag modal elements.
 */
export const saveContractInput = z
  .object({
    id: id.optional(),
    counterpartyId: id.optional(),
    newCounterparty: newContractCounterparty.optional(),
    subject: z.string().trim().min(3).max(CONTRACT_SUBJECT_MAX),
    amountMinor: z.number().int().min(0).max(CONTRACT_AMOUNT_MAX),
    currency: contractCurrency.default('AZN'),
    startDate: calendarDate,
    endDate: calendarDate,
    noticeDays: z.number().int().min(0).max(CONTRACT_NOTICE_DAYS_MAX).default(30),
    renewal: contractRenewal.default('none'),
    renewalMonths: z.number().int().min(1).max(CONTRACT_RENEWAL_MONTHS_MAX).nullable().optional(),
    responsibleId: id,
    reviewerIds: z.array(id).min(1).max(CONTRACT_REVIEWERS_MAX),
    tagIds: z.array(id).max(20).default([]),
    fileIds: z.array(id).max(20).default([]),
  })
  .superRefine((value, ctx) => {
    if ((value.counterpartyId === undefined) === (value.newCounterparty === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['counterpartyId'], message: 'counterpartyRequired' });
    }
    if (value.renewal === 'automatic' && !value.renewalMonths) {
      ctx.addIssue({ code: 'custom', path: ['renewalMonths'], message: 'renewalMonthsRequired' });
    }
  });
export type SaveContractInput = z.input<typeof saveContractInput>;

/** The body of visa, lawyerCallback, clerkProcess, submit, cancel, renew: an optional comment. */
export const contractDecisionInput = z.object({ comment: z.string().trim().max(2000).optional() });
export type ContractDecisionInput = z.infer<typeof contractDecisionInput>;

/** POST /api/contracts/{id}/lawyerReject body: the comment is required (≥ 10 characters; 422 `commentRequired` / `commentTooShort`). */
export const contractRejectInput = z.object({ comment: z.string().trim().max(2000) });
export type ContractRejectInput = z.infer<typeof contractRejectInput>;

/** POST /api/contracts/{id}/deactivate body: the reason (≥ 10 characters, as deactivateElement's `desc`). */
export const contractDeactivateInput = z.object({
  desc: z.string().trim().min(COMMENT_MIN_LENGTH).max(RECORD_TEXT_MAX),
});
export type ContractDeactivateInput = z.infer<typeof contractDeactivateInput>;

export const contractIdParams = z.object({ id: idParam });

/** GET /api/contracts/checkTin?tin=&exceptId= — the live TIN duplication check. */
export const contractTinCheckQuery = z.object({
  tin: z.string().trim().max(20),
  exceptId: idParam.optional(),
});
/**
 * Its answer: `valid` (10 digits), `holder` — the counterparty (vendor or contractor, active or
 * not) that already has this TIN, or null.
 */
export const contractTinCheck = z.object({
  tin: z.string(),
  valid: z.boolean(),
  holder: z
    .object({
      id: z.number().int(),
      kind: contractCounterpartyKind,
      name: z.string(),
      isActive: z.boolean(),
    })
    .nullable(),
});
export type ContractTinCheck = z.infer<typeof contractTinCheck>;

/** GET /api/contracts/reference: who may review (holders of contracts.visa), who may be responsible (active users), counterparties, currencies. */
export const contractReference = z.object({
  reviewers: z.array(recordPerson),
  people: z.array(recordPerson),
  counterparties: z.array(contractCounterparty),
  currencies: z.array(contractCurrency),
});
export type ContractReference = z.infer<typeof contractReference>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** Columns the grid sorts by. */
export const contractSortField = z.enum([
  'number',
  'createdAt',
  'endDate',
  'startDate',
  'amountMinor',
  'status',
  'subject',
]);

/**
 * POST /api/contracts/grid body: `status` (any of), `counterpartyId`, `endingWithinDays` (ACTIVE
 * contracts whose end date lies within that many days from today, Baku; the dashboard's figure
 * opens `30`), `amountMin`/`amountMax` (minor units, inclusive), `mine` (the caller is the
 * author or the responsible person), `search` (subject, number, counterparty name or TIN).
 */
export const contractListQuery = baseListQuery(contractSortField, 'createdAt').extend({
  status: z.array(contractStatus).max(CONTRACT_STATUSES.length).optional(),
  counterpartyId: id.optional(),
  endingWithinDays: z.number().int().min(0).max(3650).optional(),
  amountMin: z.number().int().min(0).max(CONTRACT_AMOUNT_MAX).optional(),
  amountMax: z.number().int().min(0).max(CONTRACT_AMOUNT_MAX).optional(),
  mine: z.boolean().optional(),
});
export type ContractListQuery = z.input<typeof contractListQuery>;

/** One grid row. */
export const contractListRow = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: contractStatus,
  subject: z.string(),
  counterpartyId: z.number().int(),
  counterpartyName: z.string(),
  counterpartyTin: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: contractCurrency,
  startDate: z.string(),
  endDate: z.string(),
  responsibleName: z.string(),
  authorName: z.string(),
  term: z.number().int(),
  createdAt: z.string().datetime(),
});
export type ContractListRow = z.infer<typeof contractListRow>;
export const contractListResponse = listResponse(contractListRow);
export type ContractListResponse = z.infer<typeof contractListResponse>;

/** GET /api/contracts/dashboard: ACTIVE contracts ending within 30 days that the caller sees (responsible, author, or viewAll), and the window. */
export const contractDashboard = z.object({ endingSoon: z.number().int(), days: z.number().int() });
export type ContractDashboard = z.infer<typeof contractDashboard>;
