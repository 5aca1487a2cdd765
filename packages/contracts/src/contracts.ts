import { z } from 'zod';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import { modalElementKind, tin } from './modal-elements';
import { COMMENT_MIN_LENGTH, RECORD_TEXT_MAX, recordHistoryEntry, recordPerson } from './records';
import { calendarDate, id, idParam } from './validation';

/*
 * Contracts (issue #14; DOMAIN.md "Contracts"; SPEC §7 catalogue "contracts (save, visa, lawyer
 * reject and callback, clerk process, TIN duplication check, deactivate)"). A contract names a
 * counterparty (a vendor or contractor modal element, with its TIN), goes through the approval
 * engine's chain visa (the reviewers the author names, in parallel) → lawyer (approves, or
 * returns it to the author with a comment) → clerk (registers it: the registry number, gap-free
 * per year), and is then ACTIVE until it expires (the end date passed) or is DEACTIVATED (with a
 * reason). A renewal is the next term: a new contract linked to the previous one.
 */

/**
 * A contract's status: DRAFT (the author writes it) → IN_APPROVAL (visa, lawyer, clerk) →
 * ACTIVE (registered) → EXPIRED (the end date passed, by the daily job) | DEACTIVATED (with a
 * reason). RETURNED: the lawyer (or a reviewer) sent it back to the author, who fixes and submits
 * again. CANCELLED: the author withdrew it before registration.
 */
export const CONTRACT_STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'RETURNED',
  'ACTIVE',
  'EXPIRED',
  'DEACTIVATED',
  'CANCELLED',
] as const;
export const contractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatus>;

/** Statuses the author may still edit in. */
export const CONTRACT_EDITABLE_STATUSES = [
  'DRAFT',
  'RETURNED',
] as const satisfies readonly ContractStatus[];

/**
 * The chain's stages (the engine's step positions 1, 2, 3): `visa` — every named reviewer
 * approves; `lawyer` — approves (lawyerCallback) or returns to the author (lawyerReject);
 * `clerk` — registers (clerkProcess). Null outside IN_APPROVAL.
 */
export const CONTRACT_STAGES = ['visa', 'lawyer', 'clerk'] as const;
export const contractStage = z.enum(CONTRACT_STAGES);
export type ContractStage = z.infer<typeof contractStage>;

/** Renewal: none; automatic for `renewalMonths` months at the end (the job makes the next term); by agreement (someone renews it by hand). */
export const CONTRACT_RENEWALS = ['none', 'automatic', 'agreement'] as const;
export const contractRenewal = z.enum(CONTRACT_RENEWALS);
export type ContractRenewal = z.infer<typeof contractRenewal>;

/** Counterparties of contracts: the counterparty kinds of modal elements. */
export const contractCounterpartyKind = modalElementKind.extract(['vendor', 'contractor']);
export type ContractCounterpartyKind = z.infer<typeof contractCounterpartyKind>;

/** Days before the end date the "ends soon" reminder goes out (DOMAIN.md "Notify 30 days before the end"); also the dashboard's window. */
export const CONTRACT_END_REMINDER_DAYS = 30;
/** Longest notice period (days). */
export const CONTRACT_NOTICE_DAYS_MAX = 3650;
/** Longest automatic renewal term (months). */
export const CONTRACT_RENEWAL_MONTHS_MAX = 120;
/** Longest subject (characters). */
export const CONTRACT_SUBJECT_MAX = 500;
/** Largest amount in minor units (qəpik, cents): 10^13, i.e. 100 billion in major units. */
export const CONTRACT_AMOUNT_MAX = 10_000_000_000_000;
/** Most visa reviewers on one contract. */
export const CONTRACT_REVIEWERS_MAX = 10;
/** A registry number: CT-YYYY-NNNN, and `/k` for the k-th term of an automatic renewal. */
export const CONTRACT_NUMBER_PATTERN = /^CT-\d{4}-\d{4,}(\/\d+)?$/;
/** The currencies a contract may be in (specodes `currency`). */
export const CONTRACT_CURRENCIES = ['AZN', 'USD', 'EUR', 'TRY', 'RUB'] as const;
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

/** What the caller may do on the contract now (buttons; the server checks again). */
export const CONTRACT_ACTIONS = [
  'edit',
  'submit',
  'cancel',
  'visa',
  'lawyerReject',
  'lawyerCallback',
  'clerkProcess',
  'deactivate',
  'renew',
] as const;
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
