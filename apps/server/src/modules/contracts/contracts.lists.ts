/** Contract lists, the dashboard figure, the reference data and the live TIN check. contracts.service.ts re-exports them. */
import { CONTRACT_CURRENCIES, CONTRACT_END_REMINDER_DAYS, TIN_LENGTH, type ContractDashboard, type ContractReference, type ContractTinCheck } from '@servicedesk/contracts';
import type { ListCache } from '../../lib/lists/list-cache';
import type { AppDeps, AuthUser } from '../../types';
import { findCounterpartyByTin } from '../modalElements/modalElements.service';
import { bakuToday } from './contracts.dates';
import * as repo from './contracts.repository';
import { contractVisibility } from './contracts.visibility';
import type { ParsedListQuery } from './contracts.detail';
// ---------------------------------------------------------------------------------------------
// Lists, dashboard, reference, TIN
// ---------------------------------------------------------------------------------------------

/** POST /api/contracts/grid: one page (JSON text of ContractListResponse) of the contracts the caller sees, filtered. */
export async function listContracts(
  deps: AppDeps,
  user: AuthUser,
  query: ParsedListQuery,
  now = new Date(),
  cache?: ListCache,
): Promise<string> {
  const viewer = await contractVisibility.viewer(deps, user);
  const today = bakuToday(now);
  const compute = () => repo.listContractsJson(deps.db, viewer, query, today);
  return cache ? cache.get(JSON.stringify([viewer, query, today]), compute) : compute();
}

/**
 * GET /api/contracts/dashboard: ACTIVE contracts ending within 30 days (today, Baku, inclusive) —
 * for a holder of viewAll (lawyers, clerks, the director) all of them, for others the ones they are
 * responsible for or wrote.
 */
export async function dashboard(
  deps: AppDeps,
  user: AuthUser,
  now = new Date(),
): Promise<ContractDashboard> {
  const viewer = await contractVisibility.viewer(deps, user);
  const endingSoon = await repo.countEndingSoon(
    deps.db,
    viewer,
    bakuToday(now),
    CONTRACT_END_REMINDER_DAYS,
    !viewer.seeAll,
  );
  return { endingSoon, days: CONTRACT_END_REMINDER_DAYS };
}

/** GET /api/contracts/reference: reviewers (holders of contracts.visa), active people, active counterparties, currencies. */
export async function reference(deps: AppDeps): Promise<ContractReference> {
  const toPerson = (r: {
    id: number;
    firstName: string;
    lastName: string;
    imgPath: string | null;
  }) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, imgPath: r.imgPath });
  const [reviewers, people, counterparties] = await Promise.all([
    repo.usersHolding(deps.db, 'contracts.visa'),
    repo.activePeople(deps.db),
    repo.counterparties(deps.db),
  ]);
  return {
    reviewers: reviewers.map(toPerson),
    people: people.map(toPerson),
    counterparties: counterparties.map((c) => ({
      id: c.id,
      kind: c.kind as 'vendor' | 'contractor',
      name: c.name,
      tin: c.tin,
    })),
    currencies: [...CONTRACT_CURRENCIES],
  };
}

/**
 * GET /api/contracts/checkTin?tin=&exceptId=: the live TIN duplication check as the user types —
 * `valid` (10 digits) and the counterparty (vendor or contractor) that already has it, named.
 */
export async function checkTin(
  deps: AppDeps,
  tin: string,
  exceptId?: number,
): Promise<ContractTinCheck> {
  const valid = new RegExp(`^\\d{${TIN_LENGTH}}$`).test(tin);
  if (!valid) return { tin, valid, holder: null };
  const found = await findCounterpartyByTin(deps, ['vendor', 'contractor'], tin, exceptId);
  if (!found) return { tin, valid, holder: null };
  const full = await repo.findCounterparty(deps.db, found.id);
  return {
    tin,
    valid,
    holder: {
      id: found.id,
      kind: found.kind as 'vendor' | 'contractor',
      name: found.name,
      isActive: full?.isActive ?? true,
    },
  };
}
