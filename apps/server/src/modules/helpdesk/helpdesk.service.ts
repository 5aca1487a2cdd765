import type { z } from 'zod';
import {
  HELPDESK_ACTIONS,
  HELPDESK_OPEN_STATUSES,
  HELPDESK_PRIORITIES,
  HELPDESK_STATUSES,
  HELPDESK_HOLD_REASONS,
  type FileItem,
  type HelpdeskAction,
  type HelpdeskComment,
  type HelpdeskDashboard,
  type HelpdeskHistoryEntry,
  type HelpdeskReference,
  type HelpdeskRequest,
  type HelpdeskRequestDetail,
  type HelpdeskRequestListResponse,
  type HelpdeskTransitionInput,
  type LanguageCode,
  type LocalizedNames,
  recordPath,
} from '@servicedesk/contracts';
import type { addHelpdeskCommentInput, helpdeskListQuery, saveHelpdeskRequestInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { recordService } from '../../lib/records/record-service';
import { ACTION_KEYS, findTransition, guardHolds, statusesAllowing, type HelpdeskTransition } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import type { ListCache } from '../../lib/lists/list-cache';
import { attachmentsOf, attachToRecord } from '../../lib/records/attachments';
import { approvalStatusOf, closeApprovalInTx, decide, decidesAsSubstitute } from '../../lib/approvals/engine';
import { startHelpdeskApproval } from './helpdesk.approval';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { helpdeskVisibility } from './helpdesk.visibility';
import { groupIdsOf } from '../../lib/records/visibility';
import { historyOf } from '../../lib/records/history';
import { commentsOf, postComment, requireComment } from '../../lib/records/comments';
import { activeUserIds, addWatchers } from '../../lib/records/watchers';

/** Minimal logger shape for push failures (notify). */
export type ParsedListQuery = z.output<typeof helpdeskListQuery>;

/** The numbering year of an instant (lib/records/numbering): the calendar year in Baku. */
export { numberingYear } from '../../lib/records/numbering';
import { formatRecordNumber, numberingYear } from '../../lib/records/numbering';
import { HELPDESK_NUMBER_SCOPE } from './helpdesk.repository';
import type { WarnLogger } from '../../lib/log';

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

type RequestView = NonNullable<Awaited<ReturnType<typeof repo.findRequestView>>>;

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
const records = recordService<repo.RequestRow>({
  kind: HELPDESK_RECORD_KIND,
  readKey: 'helpdesk.requests',
  find: repo.findRequest,
  notFoundText: 'No such request.',
  audience: (deps, row) => helpdeskVisibility.audience(deps.db, row),
  notices: { prefix: 'notifications.helpdesk.', params: (row) => ({ number: row.number, title: row.title }) },
});
const { loadVisible, tell } = records;
export const { announceChange } = records;

/** The actions the caller may take on the request now (the detail's buttons). */
export async function allowedActions(deps: AppDeps, user: AuthUser, row: repo.RequestRow, requiresApproval: boolean): Promise<HelpdeskAction[]> {
  const allowed: HelpdeskAction[] = [];
  for (const action of HELPDESK_ACTIONS) {
    const transition = findTransition(row.status, action);
    if (!transition || !guardHolds(transition, requiresApproval)) continue;
    if ((await access.explain(deps, user, ACTION_KEYS[action], { id: row.id, row, action })).allowed) allowed.push(action);
  }
  return allowed;
}

/**
 * GET /api/helpdesk/requests/{id}: the request with its history, comments, attachments and the
 * caller's allowed actions. 404 unknown id; 403 `forbidden` when the caller has no part in it
 * (requester, assignee, group member or lead) and no `helpdesk.requests.viewAll`.
 */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number, lang: LanguageCode, now = new Date()): Promise<HelpdeskRequestDetail> {
  await loadVisible(deps, user, id);
  const [view, history, comments, attachments] = await Promise.all([
    repo.findRequestView(deps.db, id),
    historyOf(deps.db, HELPDESK_RECORD_KIND, id),
    commentsOf(deps.db, HELPDESK_RECORD_KIND, id),
    attachmentsOf(deps, HELPDESK_RECORD_KIND, id),
  ]);
  if (!view) throw notFound('No such request.');
  return {
    request: toRequest(view, lang, now),
    // Help desk's rows always name a status (the creation NEW), and its actions are its own.
    history: history.map((h) => h as HelpdeskHistoryEntry),
    comments,
    attachments: attachments satisfies FileItem[],
    allowedActions: await allowedActions(deps, user, view.request, view.requiresApproval),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications (DOMAIN.md "Notifications": whoever must act next, and the requester)
// ---------------------------------------------------------------------------------------------

export { HELPDESK_RECORD_KIND } from './helpdesk.kind';

/** Who must act after `action` took `row` to its new status (besides the requester). */
async function nextActors(deps: AppDeps, action: HelpdeskAction | 'create', row: repo.RequestRow, requiresApproval: boolean): Promise<number[]> {
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

// ---------------------------------------------------------------------------------------------
// Create and update
// ---------------------------------------------------------------------------------------------

type SaveInput = z.output<typeof saveHelpdeskRequestInput>;

async function checkComponent(deps: AppDeps, componentId: number) {
  const component = await repo.findComponent(deps.db, componentId);
  if (!component || !component.isActive) throw domainRule('unknownComponent', 'Choose an active component.', { componentId });
  const category = await repo.findCategory(deps.db, component.categoryId);
  if (!category || !category.isActive) throw domainRule('unknownComponent', 'The component’s category is not active.', { componentId });
  return component;
}

async function targetMinutes(deps: AppDeps, priority: SaveInput['priority']): Promise<number> {
  const row = await repo.findPriority(deps.db, priority);
  if (!row) throw domainRule('unknownPriority', 'Unknown priority.', { priority });
  return row.targetMinutes;
}

/**
 * POST /api/helpdesk/requests/save: creates a request (no `id`; the caller is the requester) or
 * updates one (`id`: only its requester — else 403 — and only while NEW — else 422
 * `requestNotEditable`). The number HD-YYYY-NNNNNN is taken in the same transaction as the
 * insert; the group comes from the component; `dueAt` = creation + the priority's target.
 * Attaches `fileIds`, writes history, notifies the group (or its lead when approval is needed)
 * and the mentioned users. 422 `unknownComponent` / `unknownPriority`.
 */
export async function saveRequest(
  deps: AppDeps,
  user: AuthUser,
  input: SaveInput,
  lang: LanguageCode,
  log?: WarnLogger,
  now = new Date(),
): Promise<HelpdeskRequestDetail> {
  const component = await checkComponent(deps, input.componentId);
  const minutes = await targetMinutes(deps, input.priority);
  const mentioned = await activeUserIds(deps.db, input.mentionedUserIds);

  if (input.id === undefined) {
    const year = numberingYear(now);
    const row = await deps.db.transaction(async (tx) => {
      const seq = await repo.nextNumber(tx, year);
      const created = await repo.insertRequest(tx, {
        number: formatNumber(year, seq),
        year,
        seq,
        title: input.title,
        description: input.description,
        categoryId: component.categoryId,
        componentId: component.id,
        priority: input.priority,
        requesterId: user.id,
        locationId: input.locationId ?? null,
        groupId: component.groupId,
        status: 'NEW',
        dueAt: new Date(now.getTime() + minutes * 60_000),
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertHistory(tx, [{ requestId: created.id, action: 'create', fromStatus: null, toStatus: 'NEW', actorId: user.id, createdAt: now }]);
      if (component.requiresApproval) await startHelpdeskApproval(tx, user, created, now);
      await attachToRecord(deps, HELPDESK_RECORD_KIND, created.id, input.fileIds, user, tx);
      await addWatchers(tx, HELPDESK_RECORD_KIND, created.id, mentioned, user.id);
      return created;
    });
    await tell(deps, await nextActors(deps, 'create', row, component.requiresApproval), component.requiresApproval ? 'approvalWaiting' : 'created', row, user.id, {}, log);
    await tell(deps, mentioned, 'mentioned', row, user.id, {}, log);
    await announceChange(deps, row, log);
    return getDetail(deps, user, row.id, lang, now);
  }

  const existing = await loadVisible(deps, user, input.id);
  await access.require(deps, user, 'helpdesk.requests.create', { id: existing.id, row: existing, action: 'update' });
  if (existing.status !== 'NEW') {
    throw domainRule('requestNotEditable', `Only a NEW request can be edited; this one is ${existing.status}.`, { status: existing.status });
  }
  const changed = (
    [
      ['title', existing.title !== input.title],
      ['description', existing.description !== input.description],
      ['componentId', existing.componentId !== component.id],
      ['priority', existing.priority !== input.priority],
      ['locationId', existing.locationId !== (input.locationId ?? null)],
      ['fileIds', input.fileIds.length > 0],
    ] as const
  )
    .filter(([, differs]) => differs)
    .map(([field]) => field);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, existing.id, true);
    if (!locked || locked.status !== 'NEW') throw domainRule('requestNotEditable', 'The request changed meanwhile and can no longer be edited.');
    await repo.updateRequest(tx, existing.id, {
      title: input.title,
      description: input.description,
      categoryId: component.categoryId,
      componentId: component.id,
      groupId: component.groupId,
      priority: input.priority,
      locationId: input.locationId ?? null,
      dueAt: new Date(locked.createdAt.getTime() + minutes * 60_000 + locked.heldMs),
      updatedAt: now,
    });
    if (changed.length > 0) {
      await repo.insertHistory(tx, [{ requestId: existing.id, action: 'update', fromStatus: 'NEW', toStatus: 'NEW', actorId: user.id, details: { changed }, createdAt: now }]);
    }
    await attachToRecord(deps, HELPDESK_RECORD_KIND, existing.id, input.fileIds, user, tx);
    await addWatchers(tx, HELPDESK_RECORD_KIND, existing.id, mentioned, user.id);
  });
  await tell(deps, mentioned, 'mentioned', existing, user.id, {}, log);
  await announceChange(deps, existing, log);
  return getDetail(deps, user, existing.id, lang, now);
}

// ---------------------------------------------------------------------------------------------
// Status transitions
// ---------------------------------------------------------------------------------------------

/**
 * The transition's required fields are there (422 `<field>Required`); a comment or solution holds
 * at least COMMENT_MIN_LENGTH characters (422 `commentTooShort`, SPEC §5 — lib/records/comments.ts).
 */
function requireFields(transition: HelpdeskTransition, input: HelpdeskTransitionInput): void {
  for (const field of transition.requires ?? []) {
    const value = input[field];
    if (value === undefined || value === '') {
      const what = { comment: 'a comment', holdReason: 'a hold reason', solution: 'a solution', assigneeId: 'an assignee' }[field];
      throw domainRule(`${field}Required`, `To ${transition.action} a request, give ${what}.`, { field });
    }
    if (field === 'comment' || field === 'solution') requireComment(input[field], field);
  }
}

/**
 * One status action (POST /api/helpdesk/requests/{id}/{action} or …/status): checks, in order,
 * the request exists (404) and is visible (403), the machine has the action in its status
 * (422 `invalidTransition`, or `approvalRequired` / `approvalNotRequired` for the approval
 * guard), the caller holds the role and action key (403 `forbidden` with `details.rule`), the
 * required fields are there (422 `<field>Required`), an assignee belongs to the group (422
 * `assigneeNotInGroup`). Then, in one transaction with the row locked (409 `requestChanged` if
 * someone acted first): the new status, the due time adjusted for a hold, a history row. Then the
 * notifications: to whoever acts next and to the requester.
 */
export async function applyAction(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  action: HelpdeskAction,
  input: HelpdeskTransitionInput,
  lang: LanguageCode,
  log?: WarnLogger,
  now = new Date(),
): Promise<HelpdeskRequestDetail> {
  const row = await loadVisible(deps, user, id);
  const component = await repo.findComponent(deps.db, row.componentId);
  const requiresApproval = component?.requiresApproval ?? false;
  const transition = findTransition(row.status, action);
  if (!transition) {
    throw domainRule('invalidTransition', `A request that is ${row.status} cannot be given the action “${action}”.`, {
      status: row.status,
      action,
      allowedFrom: statusesAllowing(action),
    });
  }
  if (!guardHolds(transition, requiresApproval)) {
    throw transition.guard === 'needsApproval'
      ? domainRule('approvalNotRequired', 'This request’s component does not need approval.', { action })
      : domainRule('approvalRequired', 'This request must be approved by the group lead first.', { action });
  }
  // Approval runs on the engine (helpdesk.approval.ts): the lead, or the lead's active substitute
  // (whom the record rule does not know, so only the engine checks them), decides the one step.
  const engineOpen = (action === 'approve' || action === 'reject') && row.status === 'NEW' && (await approvalStatusOf(deps.db, HELPDESK_RECORD_KIND, id)) === 'IN_APPROVAL';
  const substitute = engineOpen && (await decidesAsSubstitute(deps.db, user, HELPDESK_RECORD_KIND, id, now));
  await access.require(deps, user, transition.actionKey, { id, row, action });
  requireFields(transition, input);
  if (engineOpen && (action === 'approve' || substitute)) {
    await decide(deps, user, HELPDESK_RECORD_KIND, id, action as 'approve' | 'reject', input.comment, now, log);
    return getDetail(deps, user, id, lang, now);
  }
  if (action === 'assign') {
    const member = input.assigneeId !== undefined ? await repo.membership(deps.db, row.groupId, input.assigneeId) : null;
    if (!member) throw domainRule('assigneeNotInGroup', 'The assignee must be a member of the request’s group.', { assigneeId: input.assigneeId });
  }

  const updated = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, id, true);
    if (!locked || locked.status !== row.status || locked.assigneeId !== row.assigneeId) {
      throw new AppError(409, 'requestChanged', 'Someone changed this request meanwhile; reload it and try again.');
    }
    const set: Partial<repo.NewRequestRow> = { status: transition.to, updatedAt: now };
    const details: Record<string, unknown> = {};
    switch (action) {
      case 'assign':
        set.assigneeId = input.assigneeId;
        details.assigneeId = input.assigneeId;
        break;
      case 'repair':
        set.assigneeId = user.id;
        details.assigneeId = user.id;
        break;
      case 'hold':
        set.onHoldSince = now;
        set.holdReason = input.holdReason;
        details.holdReason = input.holdReason;
        break;
      case 'resume': {
        // The clock stood still while held: push the due time by the time held.
        const held = Math.max(0, now.getTime() - (locked.onHoldSince ?? now).getTime());
        set.onHoldSince = null;
        set.heldMs = locked.heldMs + held;
        set.dueAt = new Date(locked.dueAt.getTime() + held);
        details.heldMs = held;
        break;
      }
      case 'resolve':
        set.solution = input.solution;
        set.resolvedAt = now;
        details.solution = input.solution;
        break;
      case 'reopen':
        set.resolvedAt = null;
        set.solution = null;
        break;
      case 'confirm':
        set.closedAt = now;
        break;
      case 'reject':
      case 'cancel':
        set.closedAt = now;
        break;
      default:
        break;
    }
    const next = await repo.updateRequest(tx, id, set);
    // A rejection by a group member or the requester's cancellation ends an open approval too.
    if (action === 'reject' || action === 'cancel') await closeApprovalInTx(tx, HELPDESK_RECORD_KIND, id, action === 'reject' ? 'REJECTED' : 'CANCELLED', now);
    await repo.insertHistory(tx, [
      {
        requestId: id,
        action,
        fromStatus: row.status,
        toStatus: transition.to,
        actorId: user.id,
        comment: input.comment || null,
        details: Object.keys(details).length ? details : null,
        createdAt: now,
      },
    ]);
    return next;
  });

  const extra: Record<string, string | number | null> = { action };
  if (action === 'hold') extra.holdReason = input.holdReason ?? null;
  await tell(deps, [updated.requesterId, ...(await nextActors(deps, action, updated, requiresApproval))], action, updated, user.id, extra, log);
  // A reassignment also takes it off the previous assignee's list.
  if (row.assigneeId !== null && row.assigneeId !== updated.assigneeId) await announceChange(deps, { ...updated, assigneeId: row.assigneeId }, log);
  await announceChange(deps, updated, log);
  return getDetail(deps, user, id, lang, now);
}

/**
 * After an engine decision on a request (helpdesk.approval.ts): the same notifications as a
 * help-desk action (the requester and whoever acts next, never the actor) and RecordChanged.
 */
export async function afterEngineDecision(deps: AppDeps, row: repo.RequestRow, action: 'approve' | 'reject', actorId: number): Promise<void> {
  const requiresApproval = (await repo.findComponent(deps.db, row.componentId))?.requiresApproval ?? true;
  await tell(deps, [row.requesterId, ...(await nextActors(deps, action, row, requiresApproval))], action, row, actorId, { action });
  await announceChange(deps, row);
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/helpdesk/requests/{id}/comments: anyone who may see the request comments on it
 * (404 / 403 otherwise). Notifies the requester and the assignee (`commented`) and the mentioned
 * active users (`mentioned`), never the author. Answers the new comment.
 */
export async function addComment(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof addHelpdeskCommentInput>, log?: WarnLogger): Promise<HelpdeskComment> {
  const row = await loadVisible(deps, user, id);
  const { comment, mentioned } = await postComment(deps.db, HELPDESK_RECORD_KIND, id, user.id, input);
  await tell(deps, [row.requesterId, row.assigneeId].filter((u) => !mentioned.includes(u as number)), 'commented', row, user.id, {}, log);
  await tell(deps, mentioned, 'mentioned', row, user.id, {}, log);
  await announceChange(deps, row, log);
  return comment;
}

// ---------------------------------------------------------------------------------------------
// Lists and dashboard
// ---------------------------------------------------------------------------------------------

/** The caller's groups: as the auth guard read them, else from the database. */
async function groupsOf(deps: AppDeps, user: AuthUser): Promise<readonly number[]> {
  return user.groupIds ?? groupIdsOf(deps.db, user.id);
}

async function scopeFor(deps: AppDeps, user: AuthUser, scope: ParsedListQuery['scope']): Promise<repo.ListScope> {
  switch (scope) {
    case 'mine':
      return { requesterId: user.id };
    case 'assigned':
      return { assigneeId: user.id };
    case 'queue':
      return { groupIds: await groupsOf(deps, user) };
    case 'involved':
      return { participant: { userId: user.id, groupIds: await groupsOf(deps, user) } };
    case 'all':
      await access.require(deps, user, 'helpdesk.requests.viewAll');
      return {};
  }
}

/** What the caller may see at all (the kind's visibility rule): everything with viewAll, else their part. */
async function visibleScope(deps: AppDeps, user: AuthUser): Promise<repo.ListScope> {
  const { seeAll, ...viewer } = await helpdeskVisibility.viewer(deps, user);
  return seeAll ? {} : { participant: viewer };
}

/**
 * POST /api/helpdesk/requests/grid: one page of the scope (mine, assigned, queue, or all — 403
 * without `helpdesk.requests.viewAll`) with the filters, sorted, and the matching total (at most
 * HELPDESK_COUNT_CAP, `totalCapped` beyond) — as the JSON text of a `HelpdeskListResponse`,
 * rendered by the database (repository `listRequestsJson`), for the route to send as it is.
 * With `cache` (the route's ListCache) a page asked again within seconds is answered from it —
 * after the permission check, with the resolved scope (the caller's id or groups where it is
 * personal) in its key.
 */
export async function listRequests(
  deps: AppDeps,
  user: AuthUser,
  query: ParsedListQuery,
  lang: LanguageCode,
  now = new Date(),
  cache?: ListCache,
): Promise<string> {
  const scope = await scopeFor(deps, user, query.scope);
  const compute = () => repo.listRequestsJson(deps.db, scope, query, now, lang);
  return cache ? cache.get(JSON.stringify([scope, query, lang]), compute) : compute();
}

/** GET /api/helpdesk/requests/list?search=: up to 20 visible requests as `{ id, name }` (select-search). */
export async function pickRequests(deps: AppDeps, user: AuthUser, search: string | undefined): Promise<HelpdeskRequestListResponse> {
  const rows = await repo.pickList(deps.db, await visibleScope(deps, user), search || undefined, 20);
  return rows.map((row) => ({ id: row.id, name: `${row.number} ${row.title}` }));
}

/** GET /api/helpdesk/dashboard: the widgets' figures over what the caller may see. */
export async function dashboard(deps: AppDeps, user: AuthUser, now = new Date()): Promise<HelpdeskDashboard> {
  const visible = await visibleScope(deps, user);
  const open = [...HELPDESK_OPEN_STATUSES];
  const [myOpen, assignedToMe, myGroupQueue, overdue, byStatus, byPriority] = await Promise.all([
    repo.countRequests(deps.db, { requesterId: user.id }, { status: open }, now),
    repo.countRequests(deps.db, { assigneeId: user.id }, { status: open }, now),
    repo.countRequests(deps.db, { groupIds: await groupsOf(deps, user) }, { status: ['NEW', 'APPROVED'] }, now),
    repo.countRequests(deps.db, visible, { overdue: true }, now),
    repo.countByStatus(deps.db, visible),
    repo.countOpenByPriority(deps.db, visible),
  ]);
  return {
    myOpen,
    assignedToMe,
    myGroupQueue,
    overdue,
    byStatus: HELPDESK_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    byPriority: HELPDESK_PRIORITIES.map((priority) => ({ priority, count: byPriority.get(priority) ?? 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

/** GET /api/helpdesk/reference: categories, components, priorities, groups with members, hold reasons. */
export async function reference(deps: AppDeps, lang: LanguageCode): Promise<HelpdeskReference> {
  const [categories, components, priorities, groupRows] = await Promise.all([
    repo.categoriesAll(deps.db),
    repo.componentsAll(deps.db),
    repo.prioritiesAll(deps.db),
    repo.groupsWithMembers(deps.db),
  ]);
  const groupsById = new Map<number, HelpdeskReference['groups'][number]>();
  for (const g of groupRows) {
    const group = groupsById.get(g.groupId) ?? { id: g.groupId, name: g.groupName, leadId: null, members: [] };
    groupsById.set(g.groupId, group);
    if (g.userId !== null && g.name !== null) {
      group.members.push({ id: g.userId, name: g.name, imgPath: g.imgPath });
      if (g.isLead) group.leadId = g.userId;
    }
  }
  return {
    categories: categories.map((c) => ({ id: c.id, name: localName(c.names, lang), names: c.names, isActive: c.isActive, sortOrder: c.sortOrder })),
    components: components.map(({ component: c, groupName }) => ({
      id: c.id,
      categoryId: c.categoryId,
      name: localName(c.names, lang),
      names: c.names,
      groupId: c.groupId,
      groupName,
      requiresApproval: c.requiresApproval,
      isActive: c.isActive,
      sortOrder: c.sortOrder,
    })),
    priorities: priorities.map((p) => ({ code: p.code, name: localName(p.names, lang), names: p.names, targetMinutes: p.targetMinutes, sortOrder: p.sortOrder })),
    groups: [...groupsById.values()],
    holdReasons: [...HELPDESK_HOLD_REASONS],
  };
}
