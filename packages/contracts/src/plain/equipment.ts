/*
 * The zod-free half of ../equipment.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { APPROVAL_STATUSES } from './approvals';
import type { EquipmentStatus } from '../equipment';

/*
 * Equipment requests and budgets (DOMAIN.md "Inventory request", "Budget"; issue #12; SPEC §7
 * catalogue "equipment orders (inventory requests) and processing, director and visa pool
 * callbacks; budgets"). Every call lives under /api/equipment. Money is in minor units (qəpik:
 * 1 AZN = 100) as integers; instants are ISO 8601 UTC strings.
 *
 * A request runs on the approval engine (chain director → visa pool): its status is the engine's
 * (APPROVAL_STATUSES), mirrored on the request row for the lists. Processing (the warehouse
 * keeper) decides every line — issue from stock or mark for purchase — and the request is
 * PROCESSED when every line is handled.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, budget categories, line decisions
// ---------------------------------------------------------------------------------------------

/** A request's status: the approval engine's (DRAFT → SUBMITTED → IN_APPROVAL → APPROVED → PROCESSED; REJECTED, RETURNED, CANCELLED). */
export const EQUIPMENT_STATUSES = APPROVAL_STATUSES;

/** Statuses in which the requester may still edit the request (then submit it). */
export const EQUIPMENT_EDITABLE_STATUSES = [
  'DRAFT',
  'RETURNED',
] as const satisfies readonly EquipmentStatus[];

/** Statuses whose totals count against their budget line (DOMAIN.md "Budget": approved requests). */
export const EQUIPMENT_CONSUMING_STATUSES = [
  'APPROVED',
  'PROCESSED',
] as const satisfies readonly EquipmentStatus[];

/** Budget categories (a budget line is per group, year and category); names are i18n `equipment.budgetCategory.<code>`. */
export const BUDGET_CATEGORIES = [
  'itEquipment',
  'officeFurniture',
  'officeSupplies',
  'tools',
  'other',
] as const;

/**
 * What the warehouse keeper decided for a line: `issue` (from stock, or what a purchase brought),
 * `purchase` (to be bought: the line waits in the purchase queue until its receipt and issue) or
 * `cancel` (not delivered, with a reason). A request is PROCESSED when every line is issued or
 * cancelled.
 */
export const EQUIPMENT_LINE_DECISIONS = ['issue', 'purchase', 'cancel'] as const;

/**
 * Where a line stands (shown to the employee): `pending` (no decision yet), `awaitingPurchase`
 * (marked for purchase, nothing received), `received` (its receipt arrived: ready to hand over),
 * `issued`, `cancelled`.
 */
export const EQUIPMENT_LINE_STATES = ['pending', 'awaitingPurchase', 'received', 'issued', 'cancelled'] as const;

/** Fewest characters of the reason a line is cancelled with. */
export const EQUIPMENT_CANCEL_REASON_MIN = 10;

/** Number of a request: INV-YYYY-NNNNNN (gap-free per year). */
export const EQUIPMENT_NUMBER_PATTERN = /^INV-\d{4}-\d{6}$/;

/** Most lines on one request. */
export const EQUIPMENT_MAX_LINES = 50;

/** Largest planned amount or line price (minor units): 10 billion AZN, inside a JS safe integer. */
export const MONEY_MAX = 1_000_000_000_000;

/** What the caller may do now (the detail's buttons); the server checks each again. */
export const EQUIPMENT_ACTIONS = ['edit', 'submit', 'cancel', 'decide', 'process'] as const;

/** Columns the equipment grids sort by (equipmentSortField). */
export const EQUIPMENT_SORT_FIELDS = ['number', 'createdAt', 'updatedAt', 'status', 'total'] as const;
