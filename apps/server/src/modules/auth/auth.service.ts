import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defaultLanguage, type LanguageCode, type LoginInput, type LoginResponse, type SessionUser } from '@servicedesk/contracts';
import { AppError, domainRule } from '../../lib/errors';
import { renderMail } from '../../lib/outbox/mail-template';
import type { AppDeps } from '../../types';
import * as repo from './auth.repository';
import * as sessions from '../sessions/sessions.service';
import { attempt, forgive, type ThrottleRule } from '../../lib/throttle';
import { notify } from '../notifications/notifications.service';
import { directorySignIn } from '../directory/directory.login';
import { DEVICE_COOKIE_MAX_ACCOUNTS } from './device-cookie';

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

/** Throttle keys (lib/throttle.ts) of issue #20; exported for the admin's lock view and tests. */
export const throttleKeys = {
  /** Sign-in attempts for one account (email as typed, trimmed, lower-case). */
  account: (email: string) => `login:account:${email}`,
  /** Failed sign-ins from one source address, across accounts (anti-spraying); unknown devices only (issue #42). */
  address: (ip: string | null) => `login:address:${ip ?? 'unknown'}`,
  /** Sign-in attempts carrying one device cookie of one account (its nonce; issue #42). */
  device: (userId: number, nonce: string) => `login:device:${userId}:${nonce}`,
  /** checkCurrectPassword / changePassword guesses of one signed-in user. */
  passwordCheck: (userId: number) => `passwordCheck:user:${userId}`,
  /** checkResetToken / resetPassword guesses from one address. */
  resetToken: (ip: string | null) => `resetToken:address:${ip ?? 'unknown'}`,
  /** forgotPassword asks from one address. */
  forgotPassword: (ip: string | null) => `forgotPassword:address:${ip ?? 'unknown'}`,
};

/** The per-account rule: LOGIN_RATE_LIMIT attempts, a first window of LOGIN_DELAY_SECONDS doubling per overflow. */
export const accountRule = (config: AppDeps['config']): ThrottleRule => ({
  limit: config.loginRateLimit,
  windowMs: config.loginDelaySeconds * 1000,
  maxWindowMs: config.loginMaxDelayMinutes * 60_000,
});

/** The per-address rule of reset-link checks and forgotPassword: `limit` attempts per LOGIN window (15 minutes). */
const addressRule = (config: AppDeps['config'], limit: number): ThrottleRule => ({
  limit,
  windowMs: config.loginRateWindowMinutes * 60_000,
});

/**
 * The per-address rule of sign-ins from unknown devices (issue #42): LOGIN_IP_RATE_LIMIT failures
 * in a first window of LOGIN_DELAY_SECONDS, each window that overflows doubling the next up to
 * 60 minutes — the address is slowed down, never shut for a fixed quarter of an hour at the
 * first burst, and a sprayer that keeps on gets ever longer waits.
 */
export const addressLoginRule = (config: AppDeps['config']): ThrottleRule => ({
  limit: config.loginIpRateLimit,
  windowMs: config.loginDelaySeconds * 1000,
  maxWindowMs: config.loginMaxDelayMinutes * 60_000,
});

/** The per-device rule (issue #42, OWASP "N attempts in time T"): LOGIN_DEVICE_RATE_LIMIT failures per LOGIN window (15 minutes). */
export const deviceRule = (config: AppDeps['config']): ThrottleRule => ({
  limit: config.loginDeviceRateLimit,
  windowMs: config.loginRateWindowMinutes * 60_000,
});

/** Which limit refused a call: the account's, the source address's, or one device cookie's (issue #42). */
export type ThrottleScope = 'account' | 'address' | 'device';

/** 429 `rateLimited` with `details: { retryAfterSeconds, scope }` (scope: account | address | device). */
export function rateLimited(retryAfterMs: number, scope: ThrottleScope): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'rateLimited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds, scope });
}

/** What {@link login} answers: the sign-in, and the device tokens the browser keeps from now on (its `sd_device` cookie). */
export interface LoginResult {
  answer: LoginResponse;
  /** Newest first: this account's new token, then the still valid ones of other accounts (device-cookie.ts). */
  deviceTokens: string[];
}

/**
 * The token among `presented` that is a valid device token of `userId` (signature, expiry, account)
 * issued under the account's current password hash `passwordHash` — a password change or reset
 * ends every device cookie of the account (issue #42); null otherwise.
 */
async function knownDevice(deps: AppDeps, presented: readonly string[], userId: number, passwordHash: string) {
  for (const token of presented) {
    const device = await deps.tokens.verifyDevice(token, passwordHash);
    if (device?.userId === userId) return device;
  }
  return null;
}

/**
 * The browser's device tokens after `userId` signed in: a new one for this account (bound to its
 * password hash `passwordHash`) first, then the other accounts' valid ones (their password is
 * checked when they are presented for their own account).
 */
async function rememberDevice(deps: AppDeps, presented: readonly string[], userId: number, passwordHash: string): Promise<string[]> {
  const fresh = await deps.tokens.issueDevice(userId, passwordHash);
  const others: string[] = [];
  const seen = new Set([userId]);
  for (const token of presented) {
    const device = await deps.tokens.verifyDevice(token);
    if (!device || seen.has(device.userId)) continue;
    seen.add(device.userId);
    others.push(token);
  }
  return [fresh.token, ...others].slice(0, DEVICE_COOKIE_MAX_ACCOUNTS);
}

/** A login-history row's fields that every outcome of one attempt shares. */
type LoginAttemptBase = Omit<repo.LoginAttempt, 'userId' | 'isSuccess' | 'reason'>;

/** The throttle keys one sign-in reserved (one of `addressKey` / `deviceKey`, always `accountKey`). */
interface Reserved {
  addressKey: string | null;
  deviceKey: string | null;
  accountKey: string;
  userId: number | null;
}

/** A success: refunds the address reservation, forgives the device's and the account's failures, starts the session and renews the device cookie. */
async function signedIn(deps: AppDeps, found: UserWithType, keys: Reserved, base: LoginAttemptBase, origin: RequestOrigin, presented: readonly string[]): Promise<LoginResult> {
  await Promise.all([
    keys.addressKey ? deps.throttle.undo(keys.addressKey) : undefined,
    keys.deviceKey ? forgive(deps.throttle, keys.deviceKey) : undefined,
    forgive(deps.throttle, keys.accountKey),
  ]);
  await repo.recordLoginAttempt(deps.db, { ...base, userId: found.user.id, isSuccess: true, reason: null });
  const { token, expiresAt } = await sessions.start(deps, found.user.id, origin);
  return {
    answer: { token, expiresAt: expiresAt.toISOString(), user: toSessionUser(found) },
    deviceTokens: await rememberDevice(deps, presented, found.user.id, found.user.passwordHash),
  };
}

/**
 * Signs a user in (SPEC §7 login). Every attempt lands in login history with its reason. Unknown
 * email, wrong password and deactivated user all answer the same 401 `invalidCredentials`.
 *
 * Throttling (issue #20; ASP.NET Core Identity lockout, OWASP ASVS V2.2) with device cookies
 * (issue #42; OWASP Cheat Sheet "Blocking Brute Force Attacks"): before the password is checked,
 * attempts are reserved atomically in the shared throttle store (lib/throttle.ts; PostgreSQL /
 * PGlite or Redis, so every instance agrees):
 * - a **known device** — `deviceTokens` (the request's `sd_device` cookie) holds a valid device
 *   token of this very account — reserves one attempt of that device
 *   (`login:device:<user>:<nonce>`, LOGIN_DEVICE_RATE_LIMIT per 15 minutes) and is *not* counted
 *   against nor held back by the address limit: staff behind one office NAT keep signing in
 *   while someone at that address guesses. Past its limit that cookie is locked for the account
 *   (429, scope `device`, login history `deviceLocked`); other devices are not affected. A forged
 *   token, an expired one or another account's is no exemption;
 * - an **unknown device** reserves one attempt of the source address across accounts
 *   (LOGIN_IP_RATE_LIMIT per window; the first window lasts LOGIN_DELAY_SECONDS and each window that
 *   overflows doubles the next, up to 60 minutes — a growing delay that slows a sprayer, not a
 *   fixed lock; a success refunds its reservation) — 429, scope `address`, `addressLimited`;
 * - every attempt, known device or not, reserves one of the account (LOGIN_RATE_LIMIT per window,
 *   the same growing delay; a success forgives the failures) — 429, scope `account`,
 *   `accountLocked`. So of 30 concurrent wrong passwords at most LOGIN_RATE_LIMIT are checked.
 * A success forgives that device's failures and answers, besides the session, `deviceTokens`: a
 * fresh token for this account (new nonce) ahead of the other accounts' valid ones, which the
 * route sets as the cookie (device-cookie.ts).
 */
export async function login(deps: AppDeps, input: LoginInput, origin: RequestOrigin, deviceTokens: readonly string[] = []): Promise<LoginResult> {
  const { db, config, passwords, throttle } = deps;
  const email = input.email.trim().toLowerCase();
  const base: LoginAttemptBase = {
    email,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  const found = await repo.findUserByEmail(db, email);
  const userId = found?.user.id ?? null;
  const device = found ? await knownDevice(deps, deviceTokens, found.user.id, found.user.passwordHash) : null;

  const keys: Reserved = { addressKey: null, deviceKey: null, accountKey: throttleKeys.account(email), userId };
  if (device) {
    keys.deviceKey = throttleKeys.device(device.userId, device.nonce);
    const byDevice = await attempt(throttle, keys.deviceKey, deviceRule(config));
    if (!byDevice.allowed) {
      await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'deviceLocked' });
      throw rateLimited(byDevice.retryAfterMs, 'device');
    }
  } else {
    keys.addressKey = throttleKeys.address(origin.ip);
    const byAddress = await attempt(throttle, keys.addressKey, addressLoginRule(config));
    if (!byAddress.allowed) {
      await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'addressLimited' });
      throw rateLimited(byAddress.retryAfterMs, 'address');
    }
  }
  const byAccount = await attempt(throttle, keys.accountKey, accountRule(config));
  if (!byAccount.allowed) {
    await repo.recordLoginAttempt(db, { ...base, userId, isSuccess: false, reason: 'accountLocked' });
    throw rateLimited(byAccount.retryAfterMs, 'account');
  }
  if (config.ldap && (!found || found.user.directoryDn !== null)) {
    return directoryLogin(deps, config.ldap, input, origin, base, keys, deviceTokens);
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
  return signedIn(deps, found, keys, base, origin, deviceTokens);
}

/** The refusal a directory sign-in outcome answers with (unknown name and wrong password alike). */
function directoryRefusal(reason: repo.LoginReason): AppError {
  switch (reason) {
    case 'directoryDisabled':
      return new AppError(401, 'directoryAccountDisabled', 'This account is disabled in the company directory.');
    case 'directoryLocked':
      return new AppError(401, 'directoryAccountLocked', 'This account is locked in the company directory.');
    case 'passwordExpired':
      return new AppError(401, 'directoryPasswordExpired', 'The directory password has expired; change it in the directory.');
    case 'directoryUnavailable':
      return new AppError(503, 'directoryUnavailable', 'The company directory cannot be reached.');
    default:
      return invalidCredentials();
  }
}

/**
 * The company-directory branch of {@link login}, taken when LDAP_URL is set and the typed name is
 * not a local account's email (a local account — the break-glass admin — signs in locally even
 * while the directory is down). The directory decides (modules/directory directorySignIn); the
 * throttling already reserved applies unchanged and every outcome lands in login history with its
 * reason. Unknown name and wrong password answer 401 `invalidCredentials` alike; a disabled or
 * locked entry 401 `directoryAccountDisabled` / `directoryAccountLocked`; an expired password 401
 * `directoryPasswordExpired`; an unreachable directory 503 `directoryUnavailable` (the sign-in page
 * shows that text).
 */
async function directoryLogin(
  deps: AppDeps,
  ldap: NonNullable<AppDeps['config']['ldap']>,
  input: LoginInput,
  origin: RequestOrigin,
  base: LoginAttemptBase,
  keys: Reserved,
  deviceTokens: readonly string[],
): Promise<LoginResult> {
  const outcome = await directorySignIn(deps, ldap, base.email, input.password);
  if (outcome.kind === 'refused') {
    await repo.recordLoginAttempt(deps.db, { ...base, userId: outcome.userId ?? keys.userId, isSuccess: false, reason: outcome.reason });
    throw directoryRefusal(outcome.reason);
  }
  const found = await repo.findUserById(deps.db, outcome.userId);
  if (!found) throw invalidCredentials();
  return signedIn(deps, found, keys, base, origin, deviceTokens);
}

/** 422 `directoryPassword`: a directory user's password is changed in the directory, not here. */
const directoryPassword = () => domainRule('directoryPassword', "This account's password is kept in the company directory: change it there.");

/**
 * Starts a password reset (SPEC §7 forgotPassword): for an active user, a random single-use token
 * valid for 60 minutes is stored hashed, a mail is queued in the outbox and the link is logged
 * (no mail transport yet). Unknown emails do nothing, and after 5 mails in an hour a user gets no
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

/** Writes a throttling refusal to login history (issue #20: every refusal with its reason). */
async function refusal(deps: AppDeps, origin: RequestOrigin, email: string, userId: number | null, reason: repo.LoginReason): Promise<void> {
  await repo.recordLoginAttempt(deps.db, {
    email,
    userId,
    isSuccess: false,
    reason,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    latitude: null,
    longitude: null,
  });
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
