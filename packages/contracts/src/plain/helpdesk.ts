/*
 * The zod-free half of ../helpdesk.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { RECORD_TEXT_MAX } from './records';
import { LIST_MAX_TAKE, LIST_COUNT_CAP } from './lists';
import type { HelpdeskStatus } from '../helpdesk';

/*
 * The help desk (DOMAIN.md "Help-desk requests", issue #6; SPEC §7 catalogue: categories,
 * components, groups, members; requests: detail, save, status, grid, list, approve, repair,
 * cancel). Every call lives under /api/helpdesk; the server validates with these schemas and the
 * client types with them. Instants are ISO 8601 UTC strings; durations are in milliseconds unless
 * the name says minutes.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, actions, priorities
// ---------------------------------------------------------------------------------------------

/**
 * A request's status (DOMAIN.md): NEW → APPROVED (only where the component needs approval) →
 * IN_PROGRESS ⇄ ON_HOLD → RESOLVED → CLOSED; side exits REJECTED and CANCELLED.
 */
export const HELPDESK_STATUSES = ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED', 'REJECTED', 'CANCELLED'] as const;

/** Statuses in which a request still waits for work (counted as "open"; due time runs, except ON_HOLD). */
export const HELPDESK_OPEN_STATUSES = ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'] as const satisfies readonly HelpdeskStatus[];

/** Statuses a request never leaves. */
export const HELPDESK_FINAL_STATUSES = ['CLOSED', 'REJECTED', 'CANCELLED'] as const satisfies readonly HelpdeskStatus[];

/**
 * What a person can do to a request (the server's transition table names who may do which, in
 * which status): `approve`/`reject` (group lead), `assign` (group lead → a member), `repair` (an
 * executor takes it: IN_PROGRESS), `hold`/`resume`, `resolve` (with a solution), `confirm` (the
 * requester accepts the solution: CLOSED), `reopen` (the requester: back to IN_PROGRESS),
 * `cancel` (the requester, before work starts).
 */
export const HELPDESK_ACTIONS = ['approve', 'reject', 'assign', 'repair', 'hold', 'resume', 'resolve', 'confirm', 'reopen', 'cancel'] as const;

/** Days after which a RESOLVED request is CLOSED without the requester (DOMAIN.md). */
export const HELPDESK_AUTO_CLOSE_DAYS = 3;

/** Priority codes, lowest first (DOMAIN.md; also the `priority` specode list). */
export const HELPDESK_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;

/** Why work on a request is paused (ON_HOLD); the free-text comment says more. */
export const HELPDESK_HOLD_REASONS = ['waitingRequester', 'waitingVendor', 'waitingParts', 'other'] as const;

/** Request number `HD-YYYY-NNNNNN`: per calendar year (Asia/Baku), gap-free from 000001. */
export const HELPDESK_NUMBER_PATTERN = /^HD-\d{4}-\d{6}$/;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Longest title and description, in characters. */
export const HELPDESK_TITLE_MAX = 200;

export const HELPDESK_TEXT_MAX = RECORD_TEXT_MAX;

/** Largest page of the grid (the base list query's, lists.ts). */
export const HELPDESK_GRID_MAX_TAKE = LIST_MAX_TAKE;

/**
 * Most matching rows the grid counts exactly: counting all of 100,000 rows on every page costs
 * more than the page itself, so beyond this the answer says "more than" (`totalCapped`).
 */
export const HELPDESK_COUNT_CAP = LIST_COUNT_CAP;

/** The help-desk list's views (helpdeskListScope). */
export const HELPDESK_LIST_SCOPES = ['mine', 'assigned', 'queue', 'involved', 'all'] as const;

/** Columns the help-desk grid sorts by (helpdeskSortField). */
export const HELPDESK_SORT_FIELDS = ['number', 'createdAt', 'dueAt', 'priority', 'status', 'title', 'updatedAt'] as const;
