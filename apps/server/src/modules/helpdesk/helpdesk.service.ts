import type { z } from 'zod';
import type { HelpdeskComment, HelpdeskRequestDetail, LanguageCode } from '@servicedesk/contracts';
import type { addHelpdeskCommentInput, saveHelpdeskRequestInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './helpdesk.repository';
import { attachToRecord } from '../../lib/records/attachments';
import { startHelpdeskApproval } from './helpdesk.approval';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { postComment } from '../../lib/records/comments';
import { activeUserIds, addWatchers } from '../../lib/records/watchers';
import type { WarnLogger } from '../../lib/log';
import { numberingYear } from '../../lib/records/numbering';
import { announceChange, formatNumber, getDetail, loadVisible, nextActors, tell } from './helpdesk.detail';

/**
 * The help desk's service: creating and editing a request and commenting on it here; reading it
 * (helpdesk.detail.ts), its status actions (helpdesk.transitions.ts) and its lists, dashboard and
 * reference data (helpdesk.lists.ts) beside it, re-exported so that routes, jobs and other modules
 * import one file.
 */
export {
  HELPDESK_RECORD_KIND,
  allowedActions,
  announceChange,
  formatNumber,
  getDetail,
  localName,
  numberingYear,
  requestUrl,
  type ParsedListQuery,
} from './helpdesk.detail';
export { afterEngineDecision, applyAction } from './helpdesk.transitions';
export { dashboard, listRequests, pickRequests, reference } from './helpdesk.lists';

/** Minimal logger shape for push failures (notify). */
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
 * and the mentioned users. 422 `unknownComponent` / `unknownPriority`. `origin`: where a
 * created request came from, kept in its `create` history row's details (inbound mail:
 * `{ via: 'mail', from, messageId }`).
 */
export async function saveRequest(
  deps: AppDeps,
  user: AuthUser,
  input: SaveInput,
  lang: LanguageCode,
  log?: WarnLogger,
  now = new Date(),
  origin?: Record<string, unknown>,
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
      await repo.insertHistory(tx, [{ requestId: created.id, action: 'create', fromStatus: null, toStatus: 'NEW', actorId: user.id, createdAt: now, ...(origin ? { details: origin } : {}) }]);
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

