import type { AppDeps } from '../../types';
import { AppError } from '../../lib/errors';
import type { ThrottleRule } from '../../lib/throttle';
import * as repo from './auth.repository';

/*
 * The sign-in limits (issue #20, the device-cookie scheme of issue #42): the throttle keys and
 * rules of sign-in, password checks and reset links, the 429 they answer, and the login-history
 * row of a refusal.
 */

/** Where a sign-in attempt came from (written to login history). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
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
export const addressRule = (config: AppDeps['config'], limit: number): ThrottleRule => ({
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

/** Writes a throttling refusal to login history (issue #20: every refusal with its reason). */
export async function refusal(deps: AppDeps, origin: RequestOrigin, email: string, userId: number | null, reason: repo.LoginReason): Promise<void> {
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
