/**
 * Reading a help-desk request: its view for the caller, the record skeleton (loadVisible,
 * announceChange, tell) and who must act next after an action. helpdesk.service.ts re-exports
 * what other files use.
 */
import type { z } from 'zod';
import type { helpdeskListQuery } from '@servicedesk/contracts';
import {
  HELPDESK_ACTIONS,
  type FileItem,
  type HelpdeskAction,
  type HelpdeskHistoryEntry,
  type HelpdeskRequest,
  type HelpdeskRequestDetail,
  type LanguageCode,
  type LocalizedNames,
  recordPath,
} from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { recordService } from '../../lib/records/record-service';
import { ACTION_KEYS, findTransition, guardHolds } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { helpdeskVisibility } from './helpdesk.visibility';
import { parseAttachmentsPart, parseCommentsPart, parseHistoryPart } from '../../lib/records/detail-parts';

/** The grid's query as parsed by the route's schema. */
export type ParsedListQuery = z.output<typeof helpdeskListQuery>;

/** The numbering year of an instant (lib/records/numbering): the calendar year in Baku. */
export { numberingYear } from '../../lib/records/numbering';
import { formatRecordNumber } from '../../lib/records/numbering';
import { HELPDESK_NUMBER_SCOPE } from './helpdesk.repository';

/** HD-YYYY-NNNNNN. */
export const formatNumber = (year: number, seq: number): string => formatRecordNumber(HELPDESK_NUMBER_SCOPE, year, seq);

/** Where a request's notifications lead (the web detail page). */
export const requestUrl = (id: number): string => recordPath(HELPDESK_RECORD_KIND, id);

/** The name in `lang`, falling back to az. */
export const localName = (names: LocalizedNames, lang: LanguageCode): string => names[lang] || names.az;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Reading a request
// ---------------------------------------------------------------------------------------------

type RequestView = NonNullable<Awaited<ReturnType<typeof repo.findRequestDetail>>>;

function toRequest(view: RequestView, lang: LanguageCode, now: Date): HelpdeskRequest {
  const row = view.request;
  const open = row.status === 'NEW' || row.status === 'APPROVED' || row.status === 'IN_PROGRESS';
  const overdue = open ? row.dueAt < now : row.status === 'ON_HOLD' && row.onHoldSince !== null && row.dueAt < row.onHoldSince;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: localName(view.categoryNames, lang),
    componentId: row.componentId,
    componentName: localName(view.componentNames, lang),
    requiresApproval: view.requiresApproval,
    priority: row.priority,
    requester: { id: row.requesterId, name: view.requesterName, imgPath: view.requesterImg },
    locationId: row.locationId,
    locationName: view.locationName,
    groupId: row.groupId,
    groupName: view.groupName,
    assignee: row.assigneeId !== null && view.assigneeName ? { id: row.assigneeId, name: view.assigneeName, imgPath: view.assigneeImg } : null,
    status: row.status,
    holdReason: row.status === 'ON_HOLD' ? row.holdReason : null,
    dueAt: iso(row.dueAt),
    onHoldSince: isoOrNull(row.onHoldSince),
    heldMs: row.heldMs,
    overdue,
    solution: row.solution,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    resolvedAt: isoOrNull(row.resolvedAt),
    closedAt: isoOrNull(row.closedAt),
  };
}

/**
 * The help-desk request's record skeleton (lib/records/record-service.ts): loadVisible (404, then
 * the record rule of helpdesk.access.ts), announceChange — RecordChanged("helpdeskRequest", id) to
 * whoever views it and everyone whose lists show it (requester, assignee, group, watchers) — and
 * tell (`notifications.helpdesk.<event>` with its number and title).
 */
/** The permission key whose record rule decides who sees a request. */
const HELPDESK_READ_KEY = 'helpdesk.requests';

const records = recordService<repo.RequestRow>({
  kind: HELPDESK_RECORD_KIND,
  readKey: HELPDESK_READ_KEY,
  find: repo.findRequest,
  notFoundText: 'No such request.',
  audience: (deps, row) => helpdeskVisibility.audience(deps.db, row),
  notices: { prefix: 'notifications.helpdesk.', params: (row) => ({ number: row.number, title: row.title }) },
});
export const { loadVisible, tell, announceChange } = records;

/**
 * What the caller's rules need to know besides the row, when already read with it (the detail's
 * one statement): `member` their membership of the request's group ({ isLead } or null),
 * `watching` whether they watch it, `substitute: false` when no approval of it waits that they
 * could decide as a substitute. Left out, the record rule reads what it needs.
 */
export interface KnownFacts {
  member?: { isLead: boolean } | null;
  watching?: boolean;
  substitute?: false;
}

/** The actions the caller may take on the request now (the detail's buttons). */
export async function allowedActions(deps: AppDeps, user: AuthUser, row: repo.RequestRow, requiresApproval: boolean, known: KnownFacts = {}): Promise<HelpdeskAction[]> {
  const allowed: HelpdeskAction[] = [];
  // Read once for every action's rule (was one statement per action).
  const member = known.member !== undefined ? known.member : await repo.membership(deps.db, row.groupId, user.id);
  for (const action of HELPDESK_ACTIONS) {
    const transition = findTransition(row.status, action);
    if (!transition || !guardHolds(transition, requiresApproval)) continue;
    if ((await access.explain(deps, user, ACTION_KEYS[action], { ...known, id: row.id, row, action, member })).allowed) allowed.push(action);
  }
  return allowed;
}

/**
 * GET /api/helpdesk/requests/{id}: the request with its history, comments, attachments and the
 * caller's allowed actions. 404 unknown id; 403 `forbidden` when the caller has no part in it
 * (requester, assignee, group member or lead) and no `helpdesk.requests.viewAll`.
 * One statement (repo.findRequestDetail) reads the row, its names, its parts and what the
 * caller's rules ask (membership, watching, a waiting approval); only a caller who might decide a
 * waiting approval as a substitute costs the approval engine's statements on top (issue #44).
 */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number, lang: LanguageCode, now = new Date()): Promise<HelpdeskRequestDetail> {
  const view = await repo.findRequestDetail(deps.db, id, user.id);
  if (!view) throw notFound('No such request.');
  const known: KnownFacts = { member: view.member, watching: view.watching, ...(view.approvalOpen ? {} : { substitute: false as const }) };
  // The same record rule as loadVisible asks (404 above, then 403 with the rule's reason).
  await access.require(deps, user, HELPDESK_READ_KEY, { ...known, id, row: view.request });
  return {
    request: toRequest(view, lang, now),
    // Help desk's rows always name a status (the creation NEW), and its actions are its own.
    history: parseHistoryPart(view.history).map((h) => h as HelpdeskHistoryEntry),
    comments: parseCommentsPart(view.comments),
    attachments: parseAttachmentsPart(view.attachments) satisfies FileItem[],
    allowedActions: await allowedActions(deps, user, view.request, view.requiresApproval, known),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications (DOMAIN.md "Notifications": whoever must act next, and the requester)
// ---------------------------------------------------------------------------------------------

export { HELPDESK_RECORD_KIND } from './helpdesk.kind';

/** Who must act after `action` took `row` to its new status (besides the requester). */
export async function nextActors(deps: AppDeps, action: HelpdeskAction | 'create', row: repo.RequestRow, requiresApproval: boolean): Promise<number[]> {
  const members = async () => (await repo.membersOf(deps.db, row.groupId)).map((m) => m.userId);
  const lead = async () => (await repo.membersOf(deps.db, row.groupId)).filter((m) => m.isLead).map((m) => m.userId);
  switch (action) {
    case 'create':
      // Approval first: the lead decides. Otherwise the whole group sees it in its queue.
      return requiresApproval ? lead() : members();
    case 'approve':
      return row.assigneeId !== null ? [row.assigneeId] : members();
    case 'assign':
    case 'confirm':
    case 'reopen':
      return row.assigneeId !== null ? [row.assigneeId] : [];
    case 'cancel':
      return row.assigneeId !== null ? [row.assigneeId] : lead();
    default:
      return [];
  }
}

