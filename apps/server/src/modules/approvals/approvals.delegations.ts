import type { CreateDelegationInput, Delegation, DelegationsResponse } from '@servicedesk/contracts';
import { calendarDateOf, calendarDayStart } from '@servicedesk/i18n/format';
import { namesOf, sendNotices } from '../../lib/approvals/engine';
import { announceWaitingChange } from '../../lib/approvals/waiting';
import { domainRule, notFound } from '../../lib/errors';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import { recordAudit } from '../org/audit';
import * as repo from './approvals.repository';
import type { DelegationRow } from './approvals.repository';

/*
 * Delegation over the approval engine (issue #11): a user names a substitute for a window of
 * whole days in the organisation's time zone; while it runs the substitute decides their steps
 * "on behalf of" them (lib/approvals). Creating and ending one lands in the admin audit, drops my
 * approvals' cached answers on every instance and tells the substitute.
 */

async function toDelegations(deps: AppDeps, rows: DelegationRow[]): Promise<Delegation[]> {
  const names = await namesOf(deps.db, rows.flatMap((r) => [r.userId, r.substituteId, r.createdById]));
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  const zone = deps.config.organisationTimeZone;
  return rows.map((r) => ({
    id: r.id,
    user: person(r.userId),
    substitute: person(r.substituteId),
    // The days of the window in the organisation's calendar: its first, and the one before its (exclusive) end.
    startsOn: calendarDateOf(r.startsAt, zone),
    endsOn: calendarDateOf(new Date(r.endsAt.getTime() - 1), zone),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    reason: r.reason,
    createdBy: person(r.createdById),
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}

/** GET /api/approvals/delegations: the caller's given and received delegations (newest start first, 100 each). */
export async function listDelegations(deps: AppDeps, user: AuthUser): Promise<DelegationsResponse> {
  const [given, received] = await Promise.all([repo.delegationsOf(deps.db, user.id, 'given'), repo.delegationsOf(deps.db, user.id, 'received')]);
  return { given: await toDelegations(deps, given), received: await toDelegations(deps, received) };
}

/**
 * A delegation to create as a window of instants [startsAt, endsAt) (ISO 8601): what the route
 * makes of the days a user chose ({@link windowOfDays}); the engine's tests name instants directly.
 */
export interface DelegationWindowInput {
  substituteId: number;
  startsAt: string;
  endsAt: string;
  reason?: string;
}

/**
 * The window of the whole days `startsOn` … `endsOn` (inclusive) in `timeZone` (the organisation's,
 * AppConfig.organisationTimeZone): [startsOn 00:00, the day after endsOn 00:00). A reversed range
 * gives an empty or negative window, which {@link createDelegation} refuses as `invalidRange`.
 */
export function windowOfDays(input: CreateDelegationInput, timeZone: string): DelegationWindowInput {
  return {
    substituteId: input.substituteId,
    startsAt: calendarDayStart(input.startsOn, 0, timeZone).toISOString(),
    endsAt: calendarDayStart(input.endsOn, 1, timeZone).toISOString(),
    reason: input.reason,
  };
}

/** Drops my approvals' cached answers (every instance) and tells the delegation's substitute `key` (notifications.approvals.*). */
async function announce(deps: AppDeps, user: AuthUser, row: DelegationRow, key: string, params: Record<string, string>, log?: WarnLogger): Promise<void> {
  await announceWaitingChange(deps, row.id, log);
  const names = await namesOf(deps.db, [user.id]);
  await sendNotices(deps, [{ userIds: [row.substituteId], key, params: { user: names.get(user.id) ?? '', ...params }, url: '/home/approvals', actorId: user.id }], log);
}

/**
 * POST /api/approvals/delegations: the caller names a substitute for [startsAt, endsAt) (issue
 * #11; the route passes the chosen days through {@link windowOfDays}). 422 `selfDelegation`
 * (oneself), `substituteInactive` (unknown or deactivated), `invalidRange` (end not after start,
 * or already over), `delegationOverlaps` (another of the caller's delegations runs in the range;
 * `details.delegationId`). Lands in the caller's admin audit (`delegate`), drops my approvals'
 * cached answers (every instance) and notifies the substitute (the days as calendar dates).
 */
export async function createDelegation(deps: AppDeps, user: AuthUser, input: DelegationWindowInput, now = new Date(), log?: WarnLogger): Promise<Delegation> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (input.substituteId === user.id) throw domainRule('selfDelegation', 'You cannot be your own substitute.', { field: 'substituteId' });
  if (!(await repo.isActiveUser(deps.db, input.substituteId))) throw domainRule('substituteInactive', 'Choose an active user as the substitute.', { field: 'substituteId' });
  if (endsAt <= startsAt || endsAt <= now) throw domainRule('invalidRange', 'The end must come after the start and must not be past.', { field: 'endsAt' });

  const created = await deps.db.transaction(async (tx) => {
    // Lock the caller's delegations so two overlapping ones created at once cannot both pass.
    await repo.lockDelegator(tx, user.id);
    const overlap = await repo.overlappingDelegation(tx, user.id, startsAt, endsAt);
    if (overlap !== undefined) throw domainRule('delegationOverlaps', 'Another of your delegations runs in this range.', { delegationId: overlap });
    const row = await repo.insertDelegation(tx, { userId: user.id, substituteId: input.substituteId, startsAt, endsAt, reason: input.reason || null, createdById: user.id, createdAt: now });
    await recordAudit(tx, {
      actorId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'delegate',
      changes: { delegationId: row.id, substituteId: input.substituteId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), reason: input.reason || null },
    });
    return row;
  });
  const [shown] = await toDelegations(deps, [created]);
  await announce(deps, user, created, 'notifications.approvals.delegationCreated', { from: shown!.startsOn, to: shown!.endsOn }, log);
  return shown!;
}

/**
 * POST /api/approvals/delegations/{id}/end: the caller ends their delegation now (one that has
 * not started yet is thereby withdrawn). 404 unless it is the caller's; 422 `delegationOver`
 * when it already ended. In the caller's admin audit (`endDelegation`); drops my approvals' cached
 * answers (every instance); notifies the substitute.
 */
export async function endDelegation(deps: AppDeps, user: AuthUser, id: number, now = new Date(), log?: WarnLogger): Promise<Delegation> {
  const ended = await deps.db.transaction(async (tx) => {
    const row = await repo.lockDelegation(tx, id);
    if (!row || row.userId !== user.id) throw notFound('No such delegation of yours.');
    const end = row.endedAt && row.endedAt < row.endsAt ? row.endedAt : row.endsAt;
    if (end <= now || (row.endedAt !== null && row.endedAt <= now)) throw domainRule('delegationOver', 'This delegation has already ended.');
    const updated = await repo.setDelegationEnded(tx, id, now);
    await recordAudit(tx, { actorId: user.id, entityType: 'user', entityId: user.id, action: 'endDelegation', changes: { delegationId: id, endedAt: now.toISOString() } });
    return updated;
  });
  await announce(deps, user, ended, 'notifications.approvals.delegationEnded', {}, log);
  return (await toDelegations(deps, [ended]))[0]!;
}
