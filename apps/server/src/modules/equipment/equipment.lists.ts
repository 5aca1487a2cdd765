/** Equipment request lists and the reference data. equipment.service.ts re-exports them. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type EquipmentReference, type LanguageCode } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import type { AppDeps, AuthUser } from '../../types';
import { specodes, users } from '../../db/schema';
import type { ListCache } from '../../lib/lists/list-cache';
import { numberingYear } from '../../lib/records/numbering';
import { listBudgets } from './equipment.budgets';
import { chargeableBudgets } from './equipment.budget-rule';
import * as repo from './equipment.repository';

import type { ParsedListQuery } from './equipment.detail';
/**
 * POST /api/equipment/requests/grid: one page of `mine` (requested or entered by me), `all` (403
 * without `inventory.requests.viewAll`) or `processing` (APPROVED and PROCESSED; 403 without
 * `inventory.processing`), filtered; JSON written by the database, maybe from the list cache.
 */
export async function listRequests(
  deps: AppDeps,
  user: AuthUser,
  query: ParsedListQuery,
  cache?: ListCache,
): Promise<string> {
  let scope: repo.ListScope;
  if (query.scope === 'mine') scope = { ownerId: user.id };
  else if (query.scope === 'processing') {
    await access.require(deps, user, 'inventory.processing');
    scope = { processing: true };
  } else {
    await access.require(deps, user, 'inventory.requests.viewAll');
    scope = {};
  }
  const compute = () => repo.listRequestsJson(deps.db, scope, query);
  return cache ? cache.get(JSON.stringify([scope, query]), compute) : compute();
}

/** GET /api/equipment/reference: the budget lines of this and next year the caller may charge (the budget rule), units in `lang`, people for "on behalf of". */
export async function reference(
  deps: AppDeps,
  user: AuthUser,
  lang: LanguageCode,
  now = new Date(),
): Promise<EquipmentReference> {
  const year = numberingYear(now);
  const mayRequestOnBehalf = await access.hasAction(deps, user, 'inventory.requests.onBehalf');
  const [budgets, units, people, warehouses] = await Promise.all([
    listBudgets(deps.db, { years: [year, year + 1] }),
    deps.db
      .select()
      .from(specodes)
      .where(eq(specodes.key, 'unitOfMeasure'))
      .orderBy(asc(specodes.sortOrder), asc(specodes.id)),
    mayRequestOnBehalf
      ? deps.db
          .select({
            id: users.id,
            name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
            imgPath: users.imgPath,
          })
          .from(users)
          .where(and(eq(users.isActive, true)))
          .orderBy(asc(users.firstName), asc(users.lastName))
      : Promise.resolve([]),
    repo.activeWarehouses(deps.db),
  ]);
  return {
    budgets: await chargeableBudgets(deps, user, budgets),
    units: units.map((u) => ({ code: u.code, name: u.names[lang] || u.names.az })),
    people,
    mayRequestOnBehalf,
    warehouses,
  };
}

