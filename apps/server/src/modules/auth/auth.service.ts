import type { LoginInput, LoginResponse, SessionUser } from '@servicedesk/contracts';
import { AppError } from '../../lib/errors';
import { attempt, forgive } from '../../lib/throttle';
import type { AppDeps } from '../../types';
import { directorySignIn } from '../directory/directory.login';
import * as sessions from '../sessions/sessions.service';
import * as repo from './auth.repository';
import { DEVICE_COOKIE_MAX_ACCOUNTS } from './device-cookie';
import { accountRule, addressLoginRule, deviceRule, rateLimited, throttleKeys, type RequestOrigin } from './auth.throttle';

/*
 * Sign-in (SPEC §7 login): the password or the company directory, under the limits of
 * auth.throttle.ts with the device cookies of device-cookie.ts; passwords and their reset links
 * are auth.password.ts.
 */

const invalidCredentials = () =>
  new AppError(401, 'invalidCredentials', 'The email or the password is wrong.');

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
