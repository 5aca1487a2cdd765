import { inArray, eq, and, desc } from 'drizzle-orm';
import type { LanguageCode } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { helpdeskComponents, helpdeskRequests } from '../../db/schema';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import { saveRequest } from './helpdesk.service';
import { mayViewRequest } from './helpdesk.access';

/*
 * The help desk's service API for other modules (issue #40: a fault report on an asset opens a
 * request; the asset's page lists its requests). Other modules call these, never the repository.
 */

/** The help-desk component a fault of equipment is filed under by default (seeded: Hardware → Computer and monitor). */
export const FAULT_COMPONENT_CODE = 'workstation';

/** The id of the active component with `code` (null when there is none). */
export async function componentIdByCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: helpdeskComponents.id })
    .from(helpdeskComponents)
    .where(and(eq(helpdeskComponents.code, code), eq(helpdeskComponents.isActive, true)));
  return row?.id ?? null;
}

/**
 * Opens a help-desk request for `user` (the requester) through the help desk's own rules
 * (`saveRequest`: number, due time, routing to the component's group, notices) and answers its
 * id and number. 422 `unknownComponent` / `unknownPriority`.
 */
export async function openRequest(
  deps: AppDeps,
  user: AuthUser,
  input: { title: string; description: string; componentId: number },
  lang: LanguageCode,
  log?: WarnLogger,
): Promise<{ id: number; number: string }> {
  const detail = await saveRequest(
    deps,
    user,
    { ...input, priority: 'normal', fileIds: [], mentionedUserIds: [] },
    lang,
    log,
  );
  return { id: detail.request.id, number: detail.request.number };
}

/**
 * The requests of `ids` that `user` may open on their own page (the help desk's record rule:
 * requester, assignee, group member, viewAll, mentioned, …), newest first: number, title, status,
 * creation instant (ISO). Issue #42: another module listing linked requests (an asset's faults)
 * shows no field of a request its caller would get 403 for — a request they may not open is left out.
 */
export async function requestSummaries(deps: AppDeps, user: AuthUser, ids: readonly number[]) {
  const visible: number[] = [];
  for (const id of new Set(ids)) if (await mayViewRequest(deps, user, id)) visible.push(id);
  if (visible.length === 0) return [];
  const rows = await deps.db
    .select({
      id: helpdeskRequests.id,
      number: helpdeskRequests.number,
      title: helpdeskRequests.title,
      status: helpdeskRequests.status,
      createdAt: helpdeskRequests.createdAt,
    })
    .from(helpdeskRequests)
    .where(inArray(helpdeskRequests.id, visible))
    .orderBy(desc(helpdeskRequests.createdAt));
  return rows.map((r) => ({ ...r, status: String(r.status), createdAt: r.createdAt.toISOString() }));
}
