/**
 * Help-desk lists, the select-search, the dashboard figures and the reference data, each over
 * what the caller may see. helpdesk.service.ts re-exports them.
 */
import {
  HELPDESK_OPEN_STATUSES,
  HELPDESK_PRIORITIES,
  HELPDESK_STATUSES,
  HELPDESK_HOLD_REASONS,
  type HelpdeskDashboard,
  type HelpdeskReference,
  type HelpdeskRequestListResponse,
  type LanguageCode,
} from '@servicedesk/contracts';
import * as access from '../../lib/access';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './helpdesk.repository';
import type { ListCache } from '../../lib/lists/list-cache';
import { helpdeskVisibility } from './helpdesk.visibility';
import { groupIdsOf } from '../../lib/records/visibility';
import { localName, type ParsedListQuery } from './helpdesk.detail';

/** Minimal logger shape for push failures (notify). */
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
