import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginInput, LoginResponse, SessionUser } from '@servicedesk/contracts';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps } from '../../types';
import * as repo from './auth.repository';
import { notify } from '../notifications/notifications.service';

/** Where a sign-in attempt came from (written to login history). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Most reset mails one user receives per hour; more asks answer the same but send nothing. */
export const RESET_MAILS_PER_HOUR = 5;

const invalidCredentials = () =>
  new AppError(401, 'invalidCredentials', 'The email or the password is wrong.');

/** SHA-256 of a reset token: what the database keeps instead of the token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

type UserWithType = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/** The stored user info of SPEC §3 built from a user row. */
export function toSessionUser({ user, userTypeName }: UserWithType): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imgPath: user.imgPath,
    language: user.language,
    theme: user.theme,
    userTypeId: user.userTypeId,
    userTypeName,
  };
}

/**
 * Signs a user in (SPEC §7 login). Every attempt lands in login history with its reason. Unknown
 * email, wrong password and deactivated user all answer the same 401 `invalidCredentials`; more
 * than LOGIN_RATE_LIMIT failures per IP + email in 15 minutes answer 429 `rateLimited`.
 */
export async function login(deps: AppDeps, input: LoginInput, origin: RequestOrigin): Promise<LoginResponse> {
  const { db, config, passwords, tokens } = deps;
  const email = input.email.trim().toLowerCase();
  const base = {
    email,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  const since = new Date(Date.now() - config.loginRateWindowMinutes * 60_000);
  const found = await repo.findUserByEmail(db, email);
  const userId = found?.user.id ?? null;

  if ((await repo.countRecentFailures(db, email, origin.ip, since)) >= config.loginRateLimit) {
    await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'rateLimited' });
    throw new AppError(429, 'rateLimited', 'Too many failed sign-in attempts. Try again in 15 minutes.');
  }
  if (!found) {
    await passwords.burn(input.password);
    await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'unknownEmail' });
    throw invalidCredentials();
  }
  if (!(await passwords.verify(found.user.passwordHash, input.password))) {
    await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'wrongPassword' });
    throw invalidCredentials();
  }
  if (!found.user.isActive) {
    await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'inactiveUser' });
    throw invalidCredentials();
  }
  await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: true, reason: null });
  const { token, expiresAt } = await tokens.issue(found.user.id);
  return { token, expiresAt: expiresAt.toISOString(), user: toSessionUser(found) };
}

/**
 * Starts a password reset (SPEC §7 forgotPassword): for an active user, a random single-use token
 * valid for 60 minutes is stored hashed, a mail is queued in the outbox and the link is logged
 * (no mail transport yet). Unknown emails do nothing, and after 5 mails in an hour a user gets no
 * more (no mail flood through this form); the caller answers the same in every case.
 */
export async function forgotPassword(deps: AppDeps, rawEmail: string, log: FastifyBaseLogger): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const found = await repo.findUserByEmail(deps.db, email);
  if (!found || !found.user.isActive) {
    log.info({ email }, 'password reset asked for an unknown or inactive email');
    return;
  }
  if ((await repo.countResetTokensSince(deps.db, found.user.id, new Date(Date.now() - 3_600_000))) >= RESET_MAILS_PER_HOUR) {
    log.warn({ email }, 'password reset asked too often: no new mail this hour');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.resetTokenTtlMinutes * 60_000);
  const link = `/auth/reset-password?token=${token}`;
  await repo.createResetToken(
    deps.db,
    { userId: found.user.id, tokenHash: hashResetToken(token), expiresAt },
    {
      recipient: found.user.email,
      subject: 'ServiceDesk: reset your password',
      body: `Open ${link} within ${deps.config.resetTokenTtlMinutes} minutes to choose a new password. If you did not ask for this, ignore this mail.`,
      payload: { kind: 'passwordReset', link, expiresAt: expiresAt.toISOString() },
    },
  );
  log.info({ email, resetLink: link, expiresAt: expiresAt.toISOString() }, 'password reset link (no mail transport configured)');
}

/** SPEC §7 checkResetToken: true while the token is unused and unexpired. */
export async function isResetTokenValid(deps: AppDeps, token: string): Promise<boolean> {
  return (await repo.findUsableResetToken(deps.db, hashResetToken(token), new Date())) !== null;
}

/** SPEC §7 resetPassword: sets the password and spends the token; 422 `invalidResetToken` otherwise. */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const hashed = await deps.passwords.hash(password);
  if (!(await repo.consumeResetToken(deps.db, hashResetToken(token), new Date(), hashed))) {
    throw domainRule('invalidResetToken', 'The reset link is invalid, expired or already used.');
  }
}

/** SPEC §7 checkCurrectPassword: whether `password` is the caller's current one. */
export async function isCurrentPassword(deps: AppDeps, userId: number, password: string): Promise<boolean> {
  const found = await repo.findUserById(deps.db, userId);
  return found !== null && (await deps.passwords.verify(found.user.passwordHash, password));
}

/** SPEC §7 changePassword: 422 `wrongPassword` when the old password does not match; notifies the user (`notifications.passwordChanged`). */
export async function changePassword(deps: AppDeps, userId: number, oldPassword: string, newPassword: string): Promise<void> {
  if (!(await isCurrentPassword(deps, userId, oldPassword))) {
    throw domainRule('wrongPassword', 'The current password is wrong.');
  }
  await repo.updatePasswordHash(deps.db, userId, await deps.passwords.hash(newPassword));
  await notify(deps, [userId], 'notifications.passwordChanged', null, '/user/profile');
}
