import { z } from 'zod';
import { languageCode, loginEmail, password, themeName } from './validation';
export { systemHasLdapAnswer, type SystemHasLdapAnswer } from './plain/auth';

/** GET /api/auth/systemHasLdap: whether the company directory is configured (SPEC §6). */
export const systemHasLdapResponse = z.object({ systemHasLdap: z.boolean() });
export type SystemHasLdapResponse = z.infer<typeof systemHasLdapResponse>;

/** POST /api/auth/login payload (SPEC §3 "Login"); position is null when the browser refused. */
export const loginInput = z.object({
  email: loginEmail,
  password: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The user info the client stores after login (SPEC §3 "Stored user info"). */
export const sessionUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imgPath: z.string().nullable(),
  language: languageCode,
  theme: themeName,
  userTypeId: z.number().int(),
  userTypeName: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * POST /api/auth/login answer: a bearer token (JWT), its expiry as an ISO-8601 instant the
 * client compares with its clock (SPEC §4 "Session"), and the user's info.
 * Errors: 401 `invalidCredentials` (wrong password, unknown email and inactive user answer alike),
 * 429 `rateLimited`.
 */
export const loginResponse = z.object({
  token: z.string(),
  expiresAt: z.string().datetime(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/auth/forgotPassword payload. The answer is `okResponse` whether or not the email exists. */
export const forgotPasswordInput = z.object({ email: loginEmail });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** GET /api/auth/checkResetToken/{token} answer: valid only when unused and unexpired. */
export const checkResetTokenResponse = z.object({ isValid: z.boolean() });
export type CheckResetTokenResponse = z.infer<typeof checkResetTokenResponse>;

/** POST /api/auth/resetPassword payload (SPEC §3). Errors: 422 `invalidResetToken`, 400 password flags. */
export const resetPasswordInput = z.object({ token: z.string().min(1).max(200), password });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** POST /api/auth/checkCurrectPassword payload (SPEC §3 "Password check"; the spelling is the spec's). */
export const checkCurrentPasswordInput = z.object({ password: z.string().min(1).max(200) });
export type CheckCurrentPasswordInput = z.infer<typeof checkCurrentPasswordInput>;
export const checkCurrentPasswordResponse = z.object({ isCorrect: z.boolean() });
export type CheckCurrentPasswordResponse = z.infer<typeof checkCurrentPasswordResponse>;

/** POST /api/auth/changePassword payload (SPEC §3). Errors: 422 `wrongPassword`, 400 password flags. */
export const changePasswordInput = z.object({
  oldpassword: z.string().min(1).max(200),
  newPassword: password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/**
 * One open sign-in session of the caller (issue #20; GET /api/auth/sessions): `device` as parsed
 * from the browser's user agent ("Chrome on Windows"), the address it signed in from, ISO-8601
 * instants (`lastSeenAt` is updated at most once a minute), `isCurrent` for the caller's own.
 */
export const userSession = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string().datetime(),
  lastSeenAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;
export const userSessionList = z.array(userSession);

/** POST /api/auth/sessions/{id}/revoke path parameters: a session id as GET /api/auth/sessions lists it. */
export const sessionIdParams = z.object({ id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) });

/** POST /api/auth/sessions/revokeOthers and the admin's signOutEverywhere answer: how many sessions ended. */
export const revokedSessionsResponse = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessionsResponse = z.infer<typeof revokedSessionsResponse>;

/**
 * GET /api/admin/users/{id}/signInLock answer (issue #20): `failures` = sign-in attempts counted
 * for the account in the current window, `limit` = LOGIN_RATE_LIMIT, `locked` when they are past
 * it, `retryAfterSeconds` until the window ends (0 when not locked).
 */
export const signInLockResponse = z.object({
  locked: z.boolean(),
  failures: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  retryAfterSeconds: z.number().int().nonnegative(),
});
export type SignInLockResponse = z.infer<typeof signInLockResponse>;
