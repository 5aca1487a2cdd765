import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defaultLanguage, type LanguageCode } from '@servicedesk/contracts';
import { domainRule } from '../../lib/errors';
import { renderMail } from '../../lib/outbox/mail-template';
import { attempt, forgive } from '../../lib/throttle';
import type { AppDeps } from '../../types';
import { notify } from '../notifications/notifications.service';
import * as sessions from '../sessions/sessions.service';
import * as repo from './auth.repository';
import { accountRule, addressRule, rateLimited, refusal, throttleKeys, type RequestOrigin } from './auth.throttle';

/*
 * Passwords (SPEC §7 forgotPassword, checkResetToken, resetPassword, checkCurrectPassword,
 * changePassword): reset links and their mails, the reset itself, and a signed-in user's check and
 * change — each under the limits of auth.throttle.ts, each ending the sessions it must (issue #20).
 */

/** Most reset mails one user receives per hour; more asks answer the same but send nothing. */
export const RESET_MAILS_PER_HOUR = 5;

/** SHA-256 of a reset token: what the database keeps instead of the token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');


/** 422 `directoryPassword`: a directory user's password is changed in the directory, not here. */
export const directoryPassword = () => domainRule('directoryPassword', "This account's password is kept in the company directory: change it there.");

/**
 * Starts a password reset (SPEC §7 forgotPassword): for an active user, a random single-use token
 * valid for 60 minutes is stored hashed and its mail queued in the outbox (sent over SMTP when
 * configured; without it the link is logged). Unknown emails do nothing, and after 5 mails in an hour a user gets no
 * more (no mail flood through this form); the caller answers the same in every case. More than
 * LOGIN_IP_RATE_LIMIT asks from one address per 15 minutes: 429 `rateLimited` (issue #20), written to
 * login history as `forgotPasswordLimited`.
 */
export async function forgotPassword(deps: AppDeps, rawEmail: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const limited = await attempt(deps.throttle, throttleKeys.forgotPassword(origin.ip), addressRule(deps.config, deps.config.loginIpRateLimit));
  const found = await repo.findUserByEmail(deps.db, email);
  if (!limited.allowed) {
    await refusal(deps, origin, email, found?.user.id ?? null, 'forgotPasswordLimited');
    throw rateLimited(limited.retryAfterMs, 'address');
  }
  if (!found || !found.user.isActive) {
    log.info({ email }, 'password reset asked for an unknown or inactive email');
    return;
  }
  if (found.user.directoryDn !== null) {
    log.info({ email }, 'password reset asked for a directory user: the password is changed in the directory');
    return;
  }
  if ((await repo.countResetTokensSince(deps.db, found.user.id, new Date(Date.now() - 3_600_000))) >= RESET_MAILS_PER_HOUR) {
    log.warn({ email }, 'password reset asked too often: no new mail this hour');
    return;
  }
  const { link, expiresAt } = await queuePasswordLink(deps, found.user, 'passwordReset');
  // Without SMTP the link is only in the log (the row stays queued); with it the mail carries it.
  if (deps.config.mail.smtp) log.info({ email, expiresAt: expiresAt.toISOString() }, 'password reset mail queued');
  else log.info({ email, resetLink: link, expiresAt: expiresAt.toISOString() }, 'password reset link (no mail transport configured)');
}

/**
 * Which password-link mail: forgot password, a new account's invitation, an administrator's
 * reset. Its texts are the `mail.<kind>` templates (lib/outbox/mail-template.ts, mail.json).
 */
export type PasswordLinkMail = 'passwordReset' | 'accountCreated' | 'adminReset';

/**
 * Creates a single-use password link for `user` (a random 32-byte token, stored only as its
 * hash, valid RESET_TOKEN_TTL minutes — 60 by default) and queues its mail in the outbox, in one
 * transaction. Used by "forgot password" and by an administrator's create / reset of a user.
 * Returns the link (a path: `/auth/reset-password?token=…`) and when it expires.
 */
export async function queuePasswordLink(
  deps: AppDeps,
  user: { id: number; email: string; language?: LanguageCode },
  kind: PasswordLinkMail,
): Promise<{ link: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.resetTokenTtlMinutes * 60_000);
  const link = `/auth/reset-password?token=${token}`;
  const mail = renderMail(deps.config.mail, deps.config.port, {
    kind,
    lang: user.language ?? defaultLanguage,
    link,
    params: { minutes: deps.config.resetTokenTtlMinutes, email: user.email },
  });
  await repo.createResetToken(
    deps.db,
    { userId: user.id, tokenHash: hashResetToken(token), expiresAt },
    {
      recipient: user.email,
      subject: mail.subject,
      body: mail.text,
      payload: { kind, link, url: mail.url, lang: mail.lang, html: mail.html, expiresAt: expiresAt.toISOString() },
    },
  );
  return { link, expiresAt };
}

/**
 * Reserves one reset-token guess of the caller's address (checkResetToken and resetPassword share
 * it: LOGIN_IP_RATE_LIMIT per 15 minutes); 429 `rateLimited` (+ login history
 * `resetTokenLimited`) beyond. A valid token refunds the reservation.
 */
async function reserveResetTokenGuess(deps: AppDeps, origin: RequestOrigin): Promise<string> {
  const key = throttleKeys.resetToken(origin.ip);
  const limited = await attempt(deps.throttle, key, addressRule(deps.config, deps.config.loginIpRateLimit));
  if (!limited.allowed) {
    await refusal(deps, origin, '', null, 'resetTokenLimited');
    throw rateLimited(limited.retryAfterMs, 'address');
  }
  return key;
}

/** SPEC §7 checkResetToken: true while the token is unused and unexpired. Throttled per address (429, issue #20). */
export async function isResetTokenValid(deps: AppDeps, token: string, origin: RequestOrigin): Promise<boolean> {
  const key = await reserveResetTokenGuess(deps, origin);
  const valid = (await repo.findUsableResetToken(deps.db, hashResetToken(token), new Date())) !== null;
  if (valid) await deps.throttle.undo(key);
  return valid;
}

/**
 * SPEC §7 resetPassword: sets the password and spends the token; 422 `invalidResetToken`
 * otherwise; 429 per address as checkResetToken. Every session of the user ends (issue #20).
 */
export async function resetPassword(deps: AppDeps, token: string, password: string, origin: RequestOrigin): Promise<void> {
  const key = await reserveResetTokenGuess(deps, origin);
  const hashed = await deps.passwords.hash(password);
  const userId = await repo.consumeResetToken(deps.db, hashResetToken(token), new Date(), hashed);
  if (userId === null) throw domainRule('invalidResetToken', 'The reset link is invalid, expired or already used.');
  await deps.throttle.undo(key);
  await sessions.revokeAll(deps, userId, 'passwordReset');
}

/**
 * Checks a signed-in user's password guess under the per-user throttle (issue #20: the same rule
 * as an account's sign-in); 429 `rateLimited` (+ login history `passwordCheckLocked`) beyond it.
 * A right guess forgives the failures.
 */
async function checkPasswordThrottled(deps: AppDeps, userId: number, password: string, origin: RequestOrigin): Promise<boolean> {
  const key = throttleKeys.passwordCheck(userId);
  const limited = await attempt(deps.throttle, key, accountRule(deps.config));
  const found = await repo.findUserById(deps.db, userId);
  if (!limited.allowed) {
    await refusal(deps, origin, found?.user.email ?? '', userId, 'passwordCheckLocked');
    throw rateLimited(limited.retryAfterMs, 'account');
  }
  if (found?.user.directoryDn) throw directoryPassword();
  const correct = found !== null && (await deps.passwords.verify(found.user.passwordHash, password));
  if (correct) await forgive(deps.throttle, key);
  return correct;
}

/** SPEC §7 checkCurrectPassword: whether `password` is the caller's current one; 429 after too many wrong guesses (issue #20). */
export async function isCurrentPassword(deps: AppDeps, userId: number, password: string, origin: RequestOrigin): Promise<boolean> {
  return checkPasswordThrottled(deps, userId, password, origin);
}

/**
 * SPEC §7 changePassword: 422 `wrongPassword` when the old password does not match (throttled
 * like checkCurrectPassword); notifies the user (`notifications.passwordChanged`) and ends every
 * other session of the user (issue #20) — the caller's own stays.
 */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  oldPassword: string,
  newPassword: string,
  origin: RequestOrigin,
  currentSessionId: string | null,
): Promise<void> {
  if (!(await checkPasswordThrottled(deps, userId, oldPassword, origin))) {
    throw domainRule('wrongPassword', 'The current password is wrong.');
  }
  await repo.updatePasswordHash(deps.db, userId, await deps.passwords.hash(newPassword));
  await sessions.revokeAll(deps, userId, 'passwordChanged', currentSessionId);
  await notify(deps, [userId], 'notifications.passwordChanged', null, '/user/profile');
}
