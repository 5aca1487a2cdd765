import { z } from 'zod';
import { id, idParam, safeText } from './validation';
import {
  addRecordCommentInput,
  recordComment,
  recordHistoryEntry,
  recordPerson,
  RECORD_TEXT_MAX,
} from './records';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import {
  approvalComment,
  approvalStatus,
  type ApprovalStatus,
} from './approvals';
import { EQUIPMENT_STATUSES, BUDGET_CATEGORIES, EQUIPMENT_LINE_DECISIONS, EQUIPMENT_MAX_LINES, MONEY_MAX, EQUIPMENT_ACTIONS, EQUIPMENT_SORT_FIELDS, EQUIPMENT_LINE_STATES } from './plain/equipment';
export { EQUIPMENT_LINE_STATES, EQUIPMENT_CANCEL_REASON_MIN, EQUIPMENT_STATUSES, EQUIPMENT_EDITABLE_STATUSES, EQUIPMENT_CONSUMING_STATUSES, BUDGET_CATEGORIES, EQUIPMENT_LINE_DECISIONS, EQUIPMENT_NUMBER_PATTERN, EQUIPMENT_MAX_LINES, MONEY_MAX, EQUIPMENT_ACTIONS, EQUIPMENT_SORT_FIELDS } from './plain/equipment';
export const equipmentStatus = approvalStatus;
export type EquipmentStatus = ApprovalStatus;
export const budgetCategory = z.enum(BUDGET_CATEGORIES);
export type BudgetCategory = z.infer<typeof budgetCategory>;
export const equipmentLineDecision = z.enum(EQUIPMENT_LINE_DECISIONS);
export type EquipmentLineDecision = z.infer<typeof equipmentLineDecision>;
export const equipmentLineState = z.enum(EQUIPMENT_LINE_STATES);
export type EquipmentLineState = z.infer<typeof equipmentLineState>;

/** An amount of money in minor units (qəpik), 0 … {@link MONEY_MAX}. */
export const moneyMinor = z.number().int().min(0).max(MONEY_MAX);

// ---------------------------------------------------------------------------------------------
// Budgets
// ---------------------------------------------------------------------------------------------

/**
 * A budget line with what it has left: `planned` − `consumed` = `remaining` (may be negative
 * after an override). `consumedByRequests` = totals of APPROVED and PROCESSED equipment requests
 * on the line; `consumedByOthers` = what other modules report (finance: paid invoices).
 */
export const budgetLine = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  year: z.number().int(),
  category: budgetCategory,
  currency: z.string(),
  planned: z.number().int(),
  consumedByRequests: z.number().int(),
  consumedByOthers: z.number().int(),
  remaining: z.number().int(),
});
export type BudgetLine = z.infer<typeof budgetLine>;

/** GET /api/equipment/budgets?year=&groupId= (both optional). */
export const budgetListQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  groupId: idParam.optional(),
});
export const budgetListResponse = z.array(budgetLine);

/** POST /api/equipment/budgets/save: creates (no id) or changes the planned amount (id). 409 `budgetExists` for a second line of the same group, year and category. */
export const saveBudgetInput = z.object({
  id: id.optional(),
  groupId: id,
  year: z.number().int().min(2000).max(2100),
  category: budgetCategory,
  planned: moneyMinor,
});
export type SaveBudgetInput = z.infer<typeof saveBudgetInput>;

/** The budget check of a request against its line (shown on the form, the detail and the director's decision). */
export const budgetCheck = z.object({
  budgetId: z.number().int(),
  /** What the line has left before this request (requests already approved and other consumption deducted). */
  remaining: z.number().int(),
  /** This request's total. */
  requested: z.number().int(),
  /** requested > remaining: approving at the director's step needs `overrideBudget`. */
  overBudget: z.boolean(),
});
export type BudgetCheck = z.infer<typeof budgetCheck>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** One line as entered: a catalogue material (`materialId`: the stock module's materials, 422 `unknownMaterial`) or a free-text description. */
export const equipmentLineInput = z.object({
  materialId: id.optional(),
  description: safeText().trim().min(2).max(300),
  quantity: z.number().int().min(1).max(100_000),
  /** A unit of measure code (specode list `unitOfMeasure`, e.g. `pcs`). */
  unit: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[a-zA-Z0-9_-]+$/),
  /** Estimated price of one unit (minor units). */
  unitPrice: moneyMinor,
});
export type EquipmentLineInput = z.input<typeof equipmentLineInput>;

/**
 * POST /api/equipment/requests/save: creates a DRAFT (no id; with `submit` it is submitted at
 * once) or edits one (id; its author, while DRAFT or RETURNED — else 403 / 422
 * `requestNotEditable`). `requesterId`: on behalf of another employee (needs the action key
 * `inventory.requests.onBehalf`; 403 otherwise).
 * `budgetId` is required to submit (422 `budgetRequired`). `fileIds`: uploads of type
 * `equipmentRequest` to attach.
 */
export const saveEquipmentRequestInput = z.object({
  id: id.optional(),
  requesterId: id.optional(),
  budgetId: id.nullable().optional(),
  justification: safeText().trim().min(10).max(RECORD_TEXT_MAX),
  lines: z.array(equipmentLineInput).min(1).max(EQUIPMENT_MAX_LINES),
  fileIds: z.array(id).max(20).default([]),
  submit: z.boolean().default(false),
});
export type SaveEquipmentRequestInput = z.input<typeof saveEquipmentRequestInput>;

export const equipmentIdParams = z.object({ id: idParam });

/** A line as shown, with the warehouse keeper's decision once taken. */
export const equipmentLine = z.object({
  id: z.number().int(),
  position: z.number().int(),
  materialId: z.number().int().nullable(),
  /** The catalogue material's code and name (null for a free-text line). */
  material: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  decision: equipmentLineDecision.nullable(),
  decisionNote: z.string().nullable(),
  decidedBy: recordPerson.nullable(),
  decidedAt: z.string().datetime().nullable(),
  /** An issued line's warehouse and stock issue operation (its number, e.g. ISS-2026-000012). */
  warehouseName: z.string().nullable(),
  stockOperation: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** Where the line stands (EQUIPMENT_LINE_STATES). */
  state: equipmentLineState,
  /** A purchased line's stock receipt (linked to it), once it arrived. */
  receiptOperation: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  receivedAt: z.string().datetime().nullable(),
});
export type EquipmentLine = z.infer<typeof equipmentLine>;

/** A request as its pages show it. */
export const equipmentRequest = z.object({
  id: z.number().int(),
  number: z.string(),
  status: equipmentStatus,
  requester: recordPerson,
  createdBy: recordPerson,
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  budget: budgetLine.nullable(),
  justification: z.string(),
  currency: z.string(),
  total: z.number().int(),
  lines: z.array(equipmentLine),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  submittedAt: z.string().datetime().nullable(),
  processedAt: z.string().datetime().nullable(),
  /** APPROVED with a line marked for purchase and not yet issued: the request stays open ("awaiting purchase"). */
  awaitingPurchase: z.boolean(),
});
export type EquipmentRequest = z.infer<typeof equipmentRequest>;
export const equipmentAction = z.enum(EQUIPMENT_ACTIONS);
export type EquipmentAction = z.infer<typeof equipmentAction>;

/** GET /api/equipment/requests/{id}. */
export const equipmentRequestDetail = z.object({
  request: equipmentRequest,
  /** The budget check now (null without a budget line). */
  budgetCheck: budgetCheck.nullable(),
  history: z.array(recordHistoryEntry),
  comments: z.array(recordComment),
  attachments: z.array(fileItem),
  allowedActions: z.array(equipmentAction),
});
export type EquipmentRequestDetail = z.infer<typeof equipmentRequestDetail>;

/**
 * POST /api/equipment/requests/{id}/directorCallback and …/visaPoolCallback: the step's decision
 * (the approval engine's approve / reject / return; reject and return need a comment of ≥ 10
 * characters). `overrideBudget`: the director approves a request over its budget line's remaining
 * amount (422 `budgetExceeded` without it); recorded in the history row of the decision.
 */
export const equipmentDecisionInput = z.object({
  decision: z.enum(['approve', 'reject', 'return']),
  comment: approvalComment.optional(),
  overrideBudget: z.boolean().default(false),
});
export type EquipmentDecisionInput = z.input<typeof equipmentDecisionInput>;

/** POST /api/equipment/requests/{id}/cancel { comment? }. */
export const equipmentCancelInput = z.object({ comment: approvalComment.optional() });

/**
 * POST /api/equipment/processing/{id}/lines: the warehouse keeper's decision for some lines of an
 * APPROVED request (each line once: 422 `lineAlreadyHandled`; a line marked for purchase may
 * later be issued — only after its receipt arrived, else 422 `awaitingReceipt` — or cancelled);
 * when every line is issued or cancelled the request becomes PROCESSED. `cancel` needs `note`, the
 * reason, of at least EQUIPMENT_CANCEL_REASON_MIN characters (422 `reasonRequired`). `issue` posts the stock module's issue operation out of
 * `warehouseId` (422 `warehouseRequired`) to the requester: a free-text line names the catalogue
 * `materialId` it is issued as (422 `materialRequired`); stock's refusals (422
 * `insufficientStock`, …) leave nothing recorded.
 */
export const equipmentProcessInput = z.object({
  lines: z
    .array(
      z.object({
        lineId: id,
        decision: equipmentLineDecision,
        warehouseId: id.optional(),
        materialId: id.optional(),
        note: safeText().trim().max(500).optional(),
      }),
    )
    .min(1)
    .max(EQUIPMENT_MAX_LINES),
});
export type EquipmentProcessInput = z.input<typeof equipmentProcessInput>;

export const addEquipmentCommentInput = addRecordCommentInput;

// ---------------------------------------------------------------------------------------------
// Lists ("inventory requests" and "inventory request processing", SPEC §2 named list screens)
// ---------------------------------------------------------------------------------------------

export const equipmentSortField = z.enum(EQUIPMENT_SORT_FIELDS);
export type EquipmentSortField = z.infer<typeof equipmentSortField>;

/**
 * The requests grid: `scope` mine (I requested or entered it) | all (needs
 * `inventory.requests.viewAll`: 403) | processing (APPROVED and PROCESSED ones, needs
 * `inventory.processing`); filters by status, budget, requester, creation date.
 */
export const equipmentListQuery = baseListQuery(equipmentSortField, 'createdAt').extend({
  scope: z.enum(['mine', 'all', 'processing']).default('mine'),
  status: z.array(equipmentStatus).max(EQUIPMENT_STATUSES.length).optional(),
  budgetId: id.optional(),
  requesterId: id.optional(),
  dateFrom: z.string().datetime().optional(),
  dateTo: z.string().datetime().optional(),
});
export type EquipmentListQuery = z.input<typeof equipmentListQuery>;

export const equipmentListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: equipmentStatus,
  requesterId: z.number().int(),
  requesterName: z.string(),
  groupName: z.string().nullable(),
  budgetCategory: budgetCategory.nullable(),
  lineCount: z.number().int(),
  handledLines: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  firstLine: z.string(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type EquipmentListRow = z.infer<typeof equipmentListRow>;
export const equipmentListResponse = listResponse(equipmentListRow);
export type EquipmentListResponse = z.infer<typeof equipmentListResponse>;

/** GET /api/equipment/reference: what the form needs — the budget lines of this and next year, units, people (when the caller may request on behalf). */
export const equipmentReference = z.object({
  budgets: z.array(budgetLine),
  units: z.array(z.object({ code: z.string(), name: z.string() })),
  people: z.array(recordPerson),
  mayRequestOnBehalf: z.boolean(),
  /** Active warehouses (the keeper issues from one; their own first). */
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string(), keeperId: z.number().int().nullable() })),
});
export type EquipmentReference = z.infer<typeof equipmentReference>;

export const equipmentComment = recordComment;
