import { z } from 'zod';
import { id, idParam } from './validation';
import { addRecordCommentInput, recordComment, recordHistoryEntry, recordMentions, recordPerson } from './records';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import { HELPDESK_STATUSES, HELPDESK_ACTIONS, HELPDESK_PRIORITIES, HELPDESK_HOLD_REASONS, HELPDESK_TITLE_MAX, HELPDESK_TEXT_MAX, HELPDESK_LIST_SCOPES, HELPDESK_SORT_FIELDS } from './plain/helpdesk';
export { HELPDESK_STATUSES, HELPDESK_OPEN_STATUSES, HELPDESK_FINAL_STATUSES, HELPDESK_ACTIONS, HELPDESK_AUTO_CLOSE_DAYS, HELPDESK_PRIORITIES, HELPDESK_HOLD_REASONS, HELPDESK_NUMBER_PATTERN, HELPDESK_TITLE_MAX, HELPDESK_TEXT_MAX, HELPDESK_GRID_MAX_TAKE, HELPDESK_COUNT_CAP, HELPDESK_LIST_SCOPES, HELPDESK_SORT_FIELDS } from './plain/helpdesk';
export const helpdeskStatus = z.enum(HELPDESK_STATUSES);
export type HelpdeskStatus = z.infer<typeof helpdeskStatus>;
export const helpdeskAction = z.enum(HELPDESK_ACTIONS);
export type HelpdeskAction = z.infer<typeof helpdeskAction>;

/**
 * What a history row records: a person's action, the creation, an edit by the requester while
 * NEW, or `autoClose` (the system closed a request RESOLVED for 3 days).
 */
export const helpdeskHistoryAction = z.enum(['create', 'update', 'autoClose', ...HELPDESK_ACTIONS]);
export type HelpdeskHistoryAction = z.infer<typeof helpdeskHistoryAction>;
export const helpdeskPriorityCode = z.enum(HELPDESK_PRIORITIES);
export type HelpdeskPriorityCode = z.infer<typeof helpdeskPriorityCode>;
export const helpdeskHoldReason = z.enum(HELPDESK_HOLD_REASONS);
export type HelpdeskHoldReason = z.infer<typeof helpdeskHoldReason>;

// ---------------------------------------------------------------------------------------------
// Reference data: names, categories, components, priorities, groups
// ---------------------------------------------------------------------------------------------

/** A name in the interface languages: az (the source) is required, the others fall back to it. */
export const localizedNames = z.object({
  az: z.string().trim().min(1).max(100),
  en: z.string().trim().max(100).optional(),
  ru: z.string().trim().max(100).optional(),
  tr: z.string().trim().max(100).optional(),
});
export type LocalizedNames = z.infer<typeof localizedNames>;

/**
 * A category (e.g. Hardware). `name` is in the caller's Accept-Language (az fallback), `names`
 * all of them (for the admin form). Inactive ones are kept for old requests but not offered.
 */
export const helpdeskCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  names: localizedNames,
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type HelpdeskCategory = z.infer<typeof helpdeskCategory>;

/** POST /api/helpdesk/categories (create) and PUT /api/helpdesk/categories/{id} (update) body. */
export const helpdeskCategoryInput = z.object({
  names: localizedNames,
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type HelpdeskCategoryInput = z.input<typeof helpdeskCategoryInput>;

/**
 * A component of a category (e.g. Hardware → Printer): `groupId` is the group (team) that serves
 * it; `requiresApproval` = a request for it waits for the group lead's approval first.
 */
export const helpdeskComponent = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  names: localizedNames,
  groupId: z.number().int(),
  groupName: z.string(),
  requiresApproval: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type HelpdeskComponent = z.infer<typeof helpdeskComponent>;

/** POST /api/helpdesk/components (create) and PUT /api/helpdesk/components/{id} (update) body. */
export const helpdeskComponentInput = z.object({
  categoryId: id,
  names: localizedNames,
  groupId: id,
  requiresApproval: z.boolean().default(false),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type HelpdeskComponentInput = z.input<typeof helpdeskComponentInput>;

/**
 * A priority with its target time: a request's due time is its creation plus `targetMinutes`,
 * plus the time it spent ON_HOLD.
 */
export const helpdeskPriority = z.object({
  code: helpdeskPriorityCode,
  name: z.string(),
  names: localizedNames,
  targetMinutes: z.number().int().positive(),
  sortOrder: z.number().int(),
});
export type HelpdeskPriority = z.infer<typeof helpdeskPriority>;

/** PUT /api/helpdesk/priorities/{code} body: the names and the target time (1 minute … 90 days). */
export const helpdeskPriorityInput = z.object({
  names: localizedNames,
  targetMinutes: z.number().int().min(1).max(90 * 24 * 60),
});
export type HelpdeskPriorityInput = z.infer<typeof helpdeskPriorityInput>;

/** A person as lists and details show them. */
/** A person as a request shows them (the records' person). */
export const helpdeskPerson = recordPerson;
export type HelpdeskPerson = z.infer<typeof helpdeskPerson>;

/** A group (team) that serves components, with its lead and members (for the assign picker). */
export const helpdeskGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  leadId: z.number().int().nullable(),
  members: z.array(helpdeskPerson),
});
export type HelpdeskGroup = z.infer<typeof helpdeskGroup>;

/** GET /api/helpdesk/reference answer: everything the request form and filters need in one call. */
export const helpdeskReference = z.object({
  categories: z.array(helpdeskCategory),
  components: z.array(helpdeskComponent),
  priorities: z.array(helpdeskPriority),
  groups: z.array(helpdeskGroup),
  holdReasons: z.array(helpdeskHoldReason),
});
export type HelpdeskReference = z.infer<typeof helpdeskReference>;

/** `{id}` path parameter of the help-desk calls. */
export const helpdeskIdParams = z.object({ id: idParam });
/** `{code}` path parameter of PUT /api/helpdesk/priorities/{code}. */
export const helpdeskPriorityParams = z.object({ code: helpdeskPriorityCode });

/**
 * A request as the detail and the save answer show it. `number` is HD-YYYY-NNNNNN; `dueAt` is the
 * target (creation + priority target + time held); `heldMs` the time spent ON_HOLD before the
 * current hold; `onHoldSince` set while ON_HOLD; `overdue` = still open and past `dueAt` (a held
 * request is overdue only if it was already late when put on hold). `holdReason` is the reason
 * of the current hold.
 */
export const helpdeskRequest = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  componentId: z.number().int(),
  componentName: z.string(),
  requiresApproval: z.boolean(),
  priority: helpdeskPriorityCode,
  requester: helpdeskPerson,
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  groupId: z.number().int(),
  groupName: z.string(),
  assignee: helpdeskPerson.nullable(),
  status: helpdeskStatus,
  holdReason: helpdeskHoldReason.nullable(),
  dueAt: z.string().datetime(),
  onHoldSince: z.string().datetime().nullable(),
  heldMs: z.number().int().nonnegative(),
  overdue: z.boolean(),
  solution: z.string().nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  resolvedAt: z.string().datetime().nullable(),
  closedAt: z.string().datetime().nullable(),
});
export type HelpdeskRequest = z.infer<typeof helpdeskRequest>;

/** Users (ids) @mentioned in a text; the client's MentionTextArea reports whom it inserted. */
export const mentionedUserIds = recordMentions;

/**
 * POST /api/helpdesk/requests/save body: without `id` creates a request (the caller is the
 * requester; the group comes from the component); with `id` updates it — only its requester, only
 * while NEW (else 403 / 422 `requestNotEditable`). `fileIds` are uploads (type helpdeskRequest)
 * to attach; `mentionedUserIds` are notified.
 */
export const saveHelpdeskRequestInput = z.object({
  id: id.optional(),
  title: z.string().trim().min(3).max(HELPDESK_TITLE_MAX),
  description: z.string().trim().min(1).max(HELPDESK_TEXT_MAX),
  componentId: id,
  priority: helpdeskPriorityCode.default('normal'),
  locationId: id.nullable().optional(),
  fileIds: z.array(id).max(20).default([]),
  mentionedUserIds,
});
export type SaveHelpdeskRequestInput = z.input<typeof saveHelpdeskRequestInput>;

/**
 * The body of every status call (POST /api/helpdesk/requests/{id}/{action} and
 * POST /api/helpdesk/requests/{id}/status with `action`): `comment` is required for `reject`,
 * `hold` and `reopen`; `holdReason` for `hold`; `solution` for `resolve`; `assigneeId` for
 * `assign` (a member of the request's group). Missing → 422 `commentRequired`,
 * `holdReasonRequired`, `solutionRequired`, `assigneeRequired`.
 */
export const helpdeskTransitionInput = z.object({
  comment: z.string().trim().max(HELPDESK_TEXT_MAX).optional(),
  holdReason: helpdeskHoldReason.optional(),
  solution: z.string().trim().max(HELPDESK_TEXT_MAX).optional(),
  assigneeId: id.optional(),
});
export type HelpdeskTransitionInput = z.infer<typeof helpdeskTransitionInput>;

/** POST /api/helpdesk/requests/{id}/status body: the action plus its fields. */
export const helpdeskStatusInput = helpdeskTransitionInput.extend({ action: helpdeskAction });
export type HelpdeskStatusInput = z.infer<typeof helpdeskStatusInput>;

/**
 * One row of a request's history (DOMAIN.md: who, when, from, to, comment): `fromStatus` is null
 * for the creation; `actor` is null for the system (`autoClose`). `details` carries the action's
 * data (assigneeId/assigneeName, holdReason, solution, changed fields); `onBehalfOf` a substitute's principal.
 */
export const helpdeskHistoryEntry = recordHistoryEntry.omit({ onBehalfOf: true }).extend({
  /** The group lead whose approval step the actor decided as their substitute (issue #11); null or absent otherwise. */
  onBehalfOf: recordHistoryEntry.shape.onBehalfOf.optional(),
  action: helpdeskHistoryAction,
  fromStatus: helpdeskStatus.nullable(),
  toStatus: helpdeskStatus,
});
export type HelpdeskHistoryEntry = z.infer<typeof helpdeskHistoryEntry>;

/** A comment on a request (text with @mentions, plain text — the client escapes it). */
export const helpdeskComment = recordComment;
export type HelpdeskComment = z.infer<typeof helpdeskComment>;

/** POST /api/helpdesk/requests/{id}/comments body. */
export const addHelpdeskCommentInput = addRecordCommentInput;
export type AddHelpdeskCommentInput = z.input<typeof addHelpdeskCommentInput>;

/**
 * GET /api/helpdesk/requests/{id} answer (detail): the request, its history (oldest first), its
 * comments (oldest first), its attachments, and `allowedActions` — what the caller may do now
 * (the detail page shows them as buttons; the server checks again on every call).
 */
export const helpdeskRequestDetail = z.object({
  request: helpdeskRequest,
  history: z.array(helpdeskHistoryEntry),
  comments: z.array(helpdeskComment),
  attachments: z.array(fileItem),
  allowedActions: z.array(helpdeskAction),
});
export type HelpdeskRequestDetail = z.infer<typeof helpdeskRequestDetail>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/**
 * Which requests a list shows: `mine` = the caller's own (as requester), `assigned` = assigned to
 * the caller, `queue` = of the groups the caller is a member or lead of, `involved` = every request
 * the caller has a part in (any of the three: what the dashboard's figures count for a caller
 * without viewAll), `all` = every request (needs `helpdesk.requests.viewAll`, else 403).
 * Whatever the scope, a caller never sees a request they have no part in without viewAll.
 */
export const helpdeskListScope = z.enum(HELPDESK_LIST_SCOPES);
export type HelpdeskListScope = z.infer<typeof helpdeskListScope>;

/** Columns the grid sorts by. */
export const helpdeskSortField = z.enum(HELPDESK_SORT_FIELDS);
export type HelpdeskSortField = z.infer<typeof helpdeskSortField>;

/**
 * POST /api/helpdesk/requests/grid body. Filters combine with AND; array filters match any of
 * their values; `dateFrom`/`dateTo` bound `createdAt` (inclusive, ISO instants); `overdue` true
 * keeps open requests past due; `search` matches the title, the requester's name or — when the
 * term holds a digit — the number (case-insensitive; "2026-0001" finds HD-2026-000123). Default sort: newest first. `skip`/`take` page (default 100, SPEC §9).
 */
export const helpdeskListQuery = baseListQuery(helpdeskSortField, 'createdAt').extend({
  scope: helpdeskListScope.default('mine'),
  status: z.array(helpdeskStatus).max(HELPDESK_STATUSES.length).optional(),
  priority: z.array(helpdeskPriorityCode).max(HELPDESK_PRIORITIES.length).optional(),
  categoryId: id.optional(),
  componentId: id.optional(),
  assigneeId: id.optional(),
  requesterId: id.optional(),
  groupId: id.optional(),
  dateFrom: z.string().datetime({ offset: true }).optional(),
  dateTo: z.string().datetime({ offset: true }).optional(),
  overdue: z.boolean().optional(),
});
export type HelpdeskListQuery = z.input<typeof helpdeskListQuery>;

/** A row of the grid: what the list columns show (names resolved, no description). */
export const helpdeskListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  categoryName: z.string(),
  componentName: z.string(),
  priority: helpdeskPriorityCode,
  status: helpdeskStatus,
  requesterId: z.number().int(),
  requesterName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  dueAt: z.string().datetime(),
  overdue: z.boolean(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type HelpdeskListRow = z.infer<typeof helpdeskListRow>;

/**
 * POST /api/helpdesk/requests/grid answer: one page; `total` = the matching rows, at most
 * {@link HELPDESK_COUNT_CAP}; `totalCapped` = there are more than that (show "1000+"; load more
 * until a page comes back shorter than `take`).
 */
export const helpdeskListResponse = listResponse(helpdeskListRow);
export type HelpdeskListResponse = z.infer<typeof helpdeskListResponse>;

/**
 * GET /api/helpdesk/requests/list?search= answer (SPEC §7 select-search shape): at most 20 visible
 * requests as `{ id, name }` where name = "HD-… title", newest first.
 */
export const helpdeskRequestListQuery = z.object({ search: z.string().trim().max(100).optional() });
export const helpdeskRequestListResponse = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type HelpdeskRequestListResponse = z.infer<typeof helpdeskRequestListResponse>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/helpdesk/dashboard answer (the dashboard widgets): `myOpen` = the caller's own open
 * requests; `byStatus` = visible requests per status (every status present, 0 when none);
 * `overdue` = visible open requests past due; `myGroupQueue` = open requests of the caller's
 * groups not yet taken (NEW or APPROVED); `byPriority` = visible open requests per priority.
 */
export const helpdeskDashboard = z.object({
  myOpen: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  myGroupQueue: z.number().int().nonnegative(),
  assignedToMe: z.number().int().nonnegative(),
  byStatus: z.array(z.object({ status: helpdeskStatus, count: z.number().int().nonnegative() })),
  byPriority: z.array(z.object({ priority: helpdeskPriorityCode, count: z.number().int().nonnegative() })),
});
export type HelpdeskDashboard = z.infer<typeof helpdeskDashboard>;
