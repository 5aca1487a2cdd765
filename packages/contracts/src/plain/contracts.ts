/*
 * The zod-free half of ../contracts.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { ContractStatus } from '../contracts';

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

/** Renewal: none; automatic for `renewalMonths` months at the end (the job makes the next term); by agreement (someone renews it by hand). */
export const CONTRACT_RENEWALS = ['none', 'automatic', 'agreement'] as const;

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
