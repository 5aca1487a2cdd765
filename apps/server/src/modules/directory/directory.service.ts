import type { LdapConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps } from '../../types';
import * as sessions from '../sessions/sessions.service';
import { DirectoryUnavailableError, readGroups, readUsers, withServiceClient, type DirectoryGroup, type DirectoryUser } from './directory.client';
import { computePlan, desiredOf, diff, DIRECTORY_DEACTIVATION_REASON, DIRECTORY_PIN_FIELDS, emptyPlan, type Desired, type DirectoryPinField, type PlanItem, type SyncPlan } from './directory.plan';
import * as repo from './directory.repository';
import type { SyncRunRow } from './directory.repository';

/*
 * The company-directory sync: the directory's users become users here (name, email, phone,
 * position, location, user type and groups from the configured mapping), a user gone from the
 * directory or disabled there is deactivated (sessions ended, never deleted), one back is
 * reactivated. A plan is computed before anything is written (directory.plan); applying a plan
 * that deactivates more than LDAP_SYNC_MAX_DEACTIVATE_PERCENT of the directory's users needs a
 * confirmation. Fields an admin pinned on a user (users.directory_pinned) are never written by
 * the sync. The SQL is directory.repository's.
 */

export type { DirectoryPinField, PlanItem, SyncPlan } from './directory.plan';
export type { SyncRunRow } from './directory.repository';
export { listRunsForAdmin, runView } from './directory.repository';

function requireLdap(deps: AppDeps): LdapConfig {
  if (!deps.config.ldap) throw domainRule('directoryNotConfigured', 'No company directory is configured (LDAP_URL).');
  return deps.config.ldap;
}

/** Reads the directory's users and groups with the service account; 503 `directoryUnavailable` when it cannot. */
async function readDirectory(config: LdapConfig): Promise<{ users: DirectoryUser[]; groups: DirectoryGroup[] }> {
  try {
    return await withServiceClient(config, async (client) => ({ users: await readUsers(client, config), groups: await readGroups(client, config) }));
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) throw directoryUnavailable(error.message);
    throw error;
  }
}

/** 503 `directoryUnavailable`: the directory could not be asked (down, refused the service account). */
export const directoryUnavailable = (why: string) => new AppError(503, 'directoryUnavailable', `The company directory cannot be reached: ${why}`);

/** Who asked for a run and how. */
export interface SyncRequest {
  mode: 'preview' | 'apply';
  trigger: 'schedule' | 'admin';
  actorId: number | null;
  /** Apply even when the plan deactivates more than the allowed share. */
  confirmed?: boolean;
}

const record = (deps: AppDeps, request: SyncRequest, status: SyncRunRow['status'], plan: SyncPlan | null, startedAt: Date, errors: SyncPlan['errors']) =>
  repo.insertRun(deps.db, { actorId: request.actorId, trigger: request.trigger, mode: request.mode, status, plan, errors, startedAt });

/**
 * One sync run: reads the directory, computes the plan against the users here and — in `apply`
 * mode — writes it in one transaction under an advisory lock (another instance's concurrent run
 * answers `skipped`; an admin's run then 409 `directorySyncRunning`). A plan deactivating more
 * than LDAP_SYNC_MAX_DEACTIVATE_PERCENT of the linked users is held back without `confirmed`
 * (422 `directoryConfirmationNeeded` for an admin, `{ count, total, percent }`). Deactivated
 * users' sessions end. Every run, previews included, is recorded with its counts and errors.
 */
export async function runSync(deps: AppDeps, request: SyncRequest): Promise<{ run: SyncRunRow; plan: SyncPlan }> {
  const config = requireLdap(deps);
  const startedAt = new Date();
  let directory: Awaited<ReturnType<typeof readDirectory>>;
  try {
    directory = await readDirectory(config);
  } catch (error) {
    await record(deps, request, 'failed', null, startedAt, [{ message: (error as Error).message }]);
    throw error;
  }
  const wanted = new Map<string, Desired>();
  for (const u of directory.users) {
    const want = desiredOf(config, u, directory.groups);
    if (typeof want !== 'string') wanted.set(u.dn.toLowerCase(), want);
  }
  if (request.mode === 'preview') {
    const plan = computePlan(config, await repo.loadLocalUsers(deps.db), directory.users, directory.groups);
    return { run: await record(deps, request, 'previewed', plan, startedAt, plan.errors), plan };
  }
  const revoke: number[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await repo.tryLockSync(tx))) return { status: 'skipped' as const, plan: null };
    const plan = computePlan(config, await repo.loadLocalUsers(tx), directory.users, directory.groups);
    if (plan.deactivatePercent > config.maxDeactivatePercent && !request.confirmed) return { status: 'heldBack' as const, plan };
    const typeIds = await repo.userTypeIds(tx);
    for (const item of plan.items) {
      const ended = await repo.applyItem(tx, config, item, wanted.get(item.dn.toLowerCase()) ?? null, typeIds);
      if (ended !== null) revoke.push(ended);
    }
    return { status: 'applied' as const, plan };
  });
  if (outcome.status === 'skipped') {
    const run = await record(deps, request, 'skipped', null, startedAt, []);
    if (request.trigger === 'admin') throw new AppError(409, 'directorySyncRunning', 'Another directory sync is running.');
    return { run, plan: emptyPlan() };
  }
  const plan = outcome.plan;
  if (outcome.status === 'heldBack') {
    const run = await record(deps, request, 'heldBack', plan, startedAt, plan.errors);
    if (request.trigger === 'admin') {
      throw domainRule('directoryConfirmationNeeded', 'The sync would deactivate too many users; confirm to apply it.', {
        count: plan.counts.deactivated,
        total: plan.linked,
        percent: config.maxDeactivatePercent,
        runId: run.id,
      });
    }
    return { run, plan };
  }
  await sessions.revokeAllOf(deps, revoke, 'deactivated');
  return { run: await record(deps, request, 'applied', plan, startedAt, plan.errors), plan };
}

/**
 * Creates or refreshes the local user of a directory entry that just signed in (the same mapping
 * as the sync, pinned fields kept), so a directory user can sign in before the first sync.
 * Answers the local user id, or null when the entry cannot be mapped (no email) or its local user
 * was deactivated here by an admin.
 */
export async function provisionOnSignIn(deps: AppDeps, user: DirectoryUser, directoryGroups: DirectoryGroup[]): Promise<{ userId: number; isActive: boolean } | null> {
  const config = requireLdap(deps);
  const want = desiredOf(config, user, directoryGroups);
  if (typeof want === 'string') return null;
  return deps.db.transaction(async (tx) => {
    const locals = await repo.loadLocalUsers(tx);
    const local = locals.find((u) => u.dn?.toLowerCase() === want.dn.toLowerCase()) ?? locals.find((u) => u.email.toLowerCase() === want.email) ?? null;
    const typeIds = await repo.userTypeIds(tx);
    if (!local) {
      const item: PlanItem = { action: 'create', dn: want.dn, userId: null, email: want.email, name: '', changes: diff(config, null, want) };
      await repo.applyItem(tx, config, item, want, typeIds);
      return { userId: (await repo.userIdByDn(tx, want.dn))!, isActive: true };
    }
    const reactivate = !local.isActive && local.deactivationReason === DIRECTORY_DEACTIVATION_REASON;
    const changes = diff(config, local, want);
    if (Object.keys(changes).length > 0 || reactivate) {
      await repo.applyItem(tx, config, { action: reactivate ? 'reactivate' : 'update', dn: want.dn, userId: local.id, email: local.email, name: '', changes }, want, typeIds);
    }
    return { userId: local.id, isActive: local.isActive || reactivate };
  });
}

/** Sets the fields the sync leaves alone on a directory user (replacing the earlier pins; unknown fields dropped); 404 for a local user. */
export async function setPins(db: Db, userId: number, fields: DirectoryPinField[]): Promise<void> {
  const found = await repo.writePins(db, userId, [...new Set(fields)].filter((f) => DIRECTORY_PIN_FIELDS.includes(f)));
  if (!found) throw new AppError(404, 'notFound', 'No such directory user.');
}

/** The configuration in effect for the admin page (never the service password). */
export function settingsOf(config: LdapConfig | null) {
  return {
    configured: config !== null,
    url: config?.url ?? null,
    startTls: config?.startTls ?? false,
    caFile: config?.caFile ?? null,
    bindDn: config?.bindDn ?? null,
    userBaseDn: config?.userBaseDn ?? null,
    userFilter: config?.userFilter ?? null,
    loginAttributes: config?.loginAttributes ?? [],
    groupBaseDn: config?.groupBaseDn ?? null,
    groupFilter: config?.groupFilter ?? null,
    attributes: config?.attributes ?? {},
    groupMap: config?.groupMap ?? [],
    defaultUserType: config?.defaultUserType ?? null,
    syncIntervalMinutes: config?.syncIntervalMinutes ?? 0,
    maxDeactivatePercent: config?.maxDeactivatePercent ?? 0,
  };
}

/**
 * The admin's connection test: bind as the service account, search the user base, and show the
 * first user as the mapping reads it (fields, user type, groups). Each step answers ok or the
 * directory's message; a failed step skips the ones after it. 422 `directoryNotConfigured`.
 */
export async function testConnection(deps: AppDeps) {
  const config = requireLdap(deps);
  const result = {
    bind: { ok: false, message: null as string | null },
    search: { ok: false, message: null as string | null, count: 0 },
    sample: null as null | { dn: string; fields: Record<string, string>; userType: string; groups: string[] },
  };
  try {
    await withServiceClient(config, async (client) => {
      result.bind.ok = true;
      try {
        const found = await readUsers(client, config);
        const directoryGroups = await readGroups(client, config);
        result.search = { ok: true, message: null, count: found.length };
        const first = found[0];
        if (first) {
          const want = desiredOf(config, first, directoryGroups);
          result.sample = {
            dn: first.dn,
            fields: first.fields as Record<string, string>,
            userType: typeof want === 'string' ? config.defaultUserType : want.userType,
            groups: typeof want === 'string' ? [] : want.groups,
          };
        }
      } catch (error) {
        result.search.message = (error as Error).message;
      }
    });
  } catch (error) {
    result.bind.message = (error as Error).message;
  }
  return result;
}
