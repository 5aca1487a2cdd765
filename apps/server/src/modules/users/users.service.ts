import { randomBytes } from 'node:crypto';
import type {
  AdminResetPasswordResponse,
  AdminUserCreateResponse,
  AdminUserDetail,
  AdminUserRow,
  AdminUsersPage,
  LanguageCode,
} from '@servicedesk/contracts';
import type { adminUserCreateInput, adminUserUpdateInput, adminUsersQuery } from '@servicedesk/contracts';
import { normalizeForSearch } from '@servicedesk/i18n';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { conflict, domainRule, notFound, uniqueOr } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { queuePasswordLink } from '../auth/auth.password';
import { registerDeactivation } from '../global/deactivation';
import * as sessions from '../sessions/sessions.service';
import { throttleKeys } from '../auth/auth.throttle';
import { forgive } from '../../lib/throttle';
import type { SignInLockResponse } from '@servicedesk/contracts';
import { changesOf, recordAudit } from '../org/audit';
import { groupsOfUser } from '../org/org.service';
import * as repo from './users.repository';

type UsersQuery = z.output<typeof adminUsersQuery>;
type CreateInput = z.output<typeof adminUserCreateInput>;
type UpdateInput = z.output<typeof adminUserUpdateInput>;

function toRow(r: repo.UserListRow, language: LanguageCode): AdminUserRow {
  return {
    id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    email: r.user.email,
    phone: r.user.phone,
    imgPath: r.user.imgPath,
    positionId: r.user.positionId,
    positionName: r.positionName,
    locationId: r.user.locationId,
    locationName: r.locationName,
    userTypeId: r.user.userTypeId,
    userTypeName: r.userTypeNames?.[language] ?? r.userTypeName,
    language: r.user.language,
    isActive: r.user.isActive,
    deactivationReason: r.user.deactivationReason,
    createdAt: r.user.createdAt.toISOString(),
  };
}

const sortValue: Record<UsersQuery['sortBy'], (r: AdminUserRow) => string | number> = {
  name: (r) => `${r.firstName} ${r.lastName}`,
  email: (r) => r.email,
  userType: (r) => r.userTypeName,
  position: (r) => r.positionName ?? '',
  location: (r) => r.locationName ?? '',
  createdAt: (r) => r.createdAt,
  isActive: (r) => (r.isActive ? 1 : 0),
};

/**
 * The users list (issue #5, SPEC §2 named list "users list"): structured filters in SQL, then the
 * search over first name, last name, full name and email (case- and Azerbaijani-accent-insensitive,
 * @servicedesk/i18n normalizeForSearch), sorted with the az collation (ties by id), one page.
 */
export async function listUsers(deps: AppDeps, query: UsersQuery, language: LanguageCode): Promise<AdminUsersPage> {
  const rows = (await repo.listUsers(deps.db, query)).map((r) => toRow(r, language));
  const needle = normalizeForSearch(query.search);
  const matching = needle
    ? rows.filter((r) => [r.firstName, r.lastName, `${r.firstName} ${r.lastName}`, r.email].some((v) => normalizeForSearch(v).includes(needle)))
    : rows;
  const collator = new Intl.Collator('az', { sensitivity: 'base', numeric: true });
  const value = sortValue[query.sortBy];
  const direction = query.sortDir === 'desc' ? -1 : 1;
  matching.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const order = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return order * direction || a.id - b.id;
  });
  return { totalCount: matching.length, items: matching.slice(query.skip, query.skip + query.take) };
}

/** One user with their groups; 404. */
export async function getUser(deps: AppDeps, id: number, language: LanguageCode): Promise<AdminUserDetail> {
  const [row] = await repo.listUsers(deps.db, { id });
  if (!row) throw notFound('No user with this id.');
  return { ...toRow(row, language), groups: await groupsOfUser(deps.db, id), updatedAt: row.user.updatedAt.toISOString() };
}

/** 409 `emailTaken` (case-insensitive) and 422 `unknownReference` (details.fields) checks of a user form. */
const emailTaken = () => conflict('emailTaken', 'Another user has this email.', { field: 'email' });

async function checkUserInput(deps: AppDeps, input: UpdateInput, exceptId: number | null) {
  if ((await repo.emailOwner(deps.db, input.email, exceptId)) !== null) throw emailTaken();
  const exists = await repo.referencesExist(deps.db, input);
  const missing = Object.entries(exists).filter(([, ok]) => !ok).map(([field]) => field);
  if (missing.length > 0) throw domainRule('unknownReference', 'A referenced position, location or user type does not exist.', { fields: missing });
}

/**
 * Queues a password-reset mail (outbox) with a single-use link valid for the configured time
 * (RESET_TOKEN_TTL, 60 min by default), as forgotPassword does, and logs the link.
 */
async function queueResetMail(deps: AppDeps, user: { id: number; email: string; language?: LanguageCode }, reason: 'created' | 'reset', log?: FastifyInstance['log']) {
  // The invitation of a new account, or an administrator's reset, in the user's language.
  const { link } = await queuePasswordLink(deps, user, reason === 'created' ? 'accountCreated' : 'adminReset');
  if (deps.config.mail.smtp) log?.info({ email: user.email }, 'password link mail queued by an administrator');
  else log?.info({ email: user.email, resetLink: link }, 'password link queued by an administrator (no mail transport configured)');
}

/** The audited fields of a user. */
/**
 * Which directory-sync field (users.directory_pinned) an admin's change of a user column pins: a
 * directory user's field changed here keeps its local value through later syncs.
 */
const DIRECTORY_PINS: Record<string, string> = { firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phone', positionId: 'position', locationId: 'location', userTypeId: 'userType' };

/** The pins of a directory user after an admin changed `changes` (null for a local user: nothing to pin). */
const pinsAfter = (before: { directoryDn: string | null; directoryPinned: string[] }, changes: Record<string, unknown>): string[] | null =>
  before.directoryDn === null ? null : [...new Set([...before.directoryPinned, ...Object.keys(changes).flatMap((k) => (DIRECTORY_PINS[k] ? [DIRECTORY_PINS[k]] : []))])];

const auditFields = (u: UpdateInput) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  positionId: u.positionId,
  locationId: u.locationId,
  userTypeId: u.userTypeId,
  language: u.language,
  phone: u.phone,
  imgPath: u.imgPath,
});

/**
 * Creates a user (issue #5). With `password` it is set; without, the user gets an unguessable
 * one and a reset link is queued in the outbox. 409 `emailTaken`, 422 `unknownReference`. Audited.
 */
export async function createUser(deps: AppDeps, actor: AuthUser, input: CreateInput, language: LanguageCode, log?: FastifyInstance['log']): Promise<AdminUserCreateResponse> {
  await checkUserInput(deps, input, null);
  const passwordHash = await deps.passwords.hash(input.password ?? randomBytes(32).toString('base64url'));
  const created = await uniqueOr(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, { ...auditFields(input), passwordHash });
        await recordAudit(tx, { actorId: actor.id, entityType: 'user', entityId: row.id, action: 'create', changes: { ...auditFields(input), initialPassword: input.password !== undefined } });
        return row;
      }),
    emailTaken,
  );
  const resetMailQueued = input.password === undefined;
  if (resetMailQueued) await queueResetMail(deps, created, 'created', log);
  return { user: await getUser(deps, created.id, language), resetMailQueued };
}

/** Updates a user's fields; 404, 409 `emailTaken`, 422 `unknownReference`. Audited with `{ field: { from, to } }`. */
export async function updateUser(deps: AppDeps, actor: AuthUser, id: number, input: UpdateInput, language: LanguageCode): Promise<AdminUserDetail> {
  const before = await repo.findUser(deps.db, id);
  if (!before) throw notFound('No user with this id.');
  await checkUserInput(deps, input, id);
  const changes = changesOf(auditFields(before as UpdateInput), auditFields(input));
  if (Object.keys(changes).length > 0) {
    await uniqueOr(
      () =>
        deps.db.transaction(async (tx) => {
          const directoryPinned = pinsAfter(before, changes);
          await repo.updateUser(tx, id, { ...auditFields(input), ...(directoryPinned ? { directoryPinned } : {}) });
          await recordAudit(tx, { actorId: actor.id, entityType: 'user', entityId: id, action: 'update', changes });
        }),
      emailTaken,
    );
  }
  return getUser(deps, id, language);
}

/** Reactivates a deactivated user (they may sign in again); 404, 422 `alreadyActive`. Audited. */
export async function reactivateUser(deps: AppDeps, actor: AuthUser, id: number): Promise<void> {
  const before = await repo.findUser(deps.db, id);
  if (!before) throw notFound('No user with this id.');
  if (before.isActive) throw domainRule('alreadyActive', 'The user is active.');
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { isActive: true, deactivationReason: null });
    await recordAudit(tx, { actorId: actor.id, entityType: 'user', entityId: id, action: 'reactivate', changes: { previousReason: before.deactivationReason } });
  });
}

/**
 * Resets a user's password: sets `password` when given (every session of the user ends, issue
 * #20), else queues a reset link (outbox).
 * 404; 422 `inactiveUser` for a deactivated user (reactivate first). Audited (never the password).
 */
export async function resetPassword(deps: AppDeps, actor: AuthUser, id: number, password: string | undefined, log?: FastifyInstance['log']): Promise<AdminResetPasswordResponse> {
  const user = await repo.findUser(deps.db, id);
  if (!user) throw notFound('No user with this id.');
  if (!user.isActive) throw domainRule('inactiveUser', 'Reactivate the user first.');
  if (user.directoryDn !== null) throw domainRule('directoryPassword', "This user's password is kept in the company directory: change it there.");
  if (password !== undefined) {
    const passwordHash = await deps.passwords.hash(password);
    await deps.db.transaction(async (tx) => {
      await repo.updateUser(tx, id, { passwordHash });
      await recordAudit(tx, { actorId: actor.id, entityType: 'user', entityId: id, action: 'resetPassword', changes: { method: 'set' } });
    });
    // Issue #20: the old password's sessions end with it.
    await sessions.revokeAll(deps, id, 'passwordReset');
    return { resetMailQueued: false };
  }
  await queueResetMail(deps, user, 'reset', log);
  await recordAudit(deps.db, { actorId: actor.id, entityType: 'user', entityId: id, action: 'resetPassword', changes: { method: 'mail' } });
  return { resetMailQueued: true };
}

/**
 * Registers `user` with deactivateElement (needs `admin.users.deactivate`): stores the reason,
 * keeps the row and its history, writes the audit entry and closes the user's hub connections.
 * Their tokens answer 401 `inactiveUser` from the next call. 422 `cannotDeactivateSelf`,
 * 422 `alreadyInactive`, 404.
 */
export function registerUserDeactivation(): void {
  registerDeactivation('user', {
    actionKey: 'admin.users.deactivate',
    async deactivate({ deps, server, actor, id, reason }) {
      if (id === actor.id) throw domainRule('cannotDeactivateSelf', 'You cannot deactivate yourself.');
      const user = await repo.findUser(deps.db, id);
      if (!user) throw notFound('No user with this id.');
      if (!user.isActive) throw domainRule('alreadyInactive', 'The user is already inactive.');
      await deps.db.transaction(async (tx) => {
        await repo.updateUser(tx, id, { isActive: false, deactivationReason: reason });
        await recordAudit(tx, { actorId: actor.id, entityType: 'user', entityId: id, action: 'deactivate', changes: { reason } });
      });
      await sessions.revokeAll(deps, id, 'deactivated');
      if (server.hasDecorator('hub')) {
        try {
          await server.hub.disconnectUser(id, 'Your account was deactivated.');
        } catch (error) {
          // The hub also refuses the user at its next negotiate; the deactivation stands.
          server.log.warn({ err: error, userId: id }, 'users: closing the hub connections of a deactivated user failed');
        }
      }
    },
  });
}

/**
 * An admin's "sign out everywhere" (issue #20): every open session of user `id` ends at once on
 * every instance. Audited (`signOutEverywhere`). 404 for an unknown user. Answers how many ended.
 */
export async function signOutEverywhere(deps: AppDeps, actor: AuthUser, id: number): Promise<number> {
  const user = await repo.findUser(deps.db, id);
  if (!user) throw notFound('No user with this id.');
  const revoked = await sessions.revokeAll(deps, id, 'admin');
  await recordAudit(deps.db, { actorId: actor.id, entityType: 'user', entityId: id, action: 'signOutEverywhere', changes: { revoked } });
  return revoked;
}

/** The sign-in throttle state of user `id`'s account (issue #20; auth.throttle throttleKeys.account). 404 for an unknown user. */
export async function signInLock(deps: AppDeps, id: number): Promise<SignInLockResponse> {
  const user = await repo.findUser(deps.db, id);
  if (!user) throw notFound('No user with this id.');
  const limit = deps.config.loginRateLimit;
  const [account, passwordCheck] = await Promise.all([
    deps.throttle.get(throttleKeys.account(user.email.toLowerCase())),
    deps.throttle.get(throttleKeys.passwordCheck(id)),
  ]);
  const worst = [account, passwordCheck].filter((c) => c !== null).sort((a, b) => b.count - a.count)[0] ?? null;
  const failures = worst?.count ?? 0;
  const locked = failures > limit;
  const retryAfterSeconds = locked && worst ? Math.max(0, Math.ceil((worst.resetAt.getTime() - Date.now()) / 1000)) : 0;
  return { locked, failures: Math.min(failures, limit + 1), limit, retryAfterSeconds };
}

/** Lifts the sign-in throttle of user `id` (account and password checks, their growing delay too). Audited (`unlockSignIn`). 404. */
export async function liftSignInLock(deps: AppDeps, actor: AuthUser, id: number): Promise<void> {
  const user = await repo.findUser(deps.db, id);
  if (!user) throw notFound('No user with this id.');
  await Promise.all([forgive(deps.throttle, throttleKeys.account(user.email.toLowerCase())), forgive(deps.throttle, throttleKeys.passwordCheck(id))]);
  await recordAudit(deps.db, { actorId: actor.id, entityType: 'user', entityId: id, action: 'unlockSignIn', changes: {} });
}
