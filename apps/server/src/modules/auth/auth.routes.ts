import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiError,
  changePasswordInput,
  checkCurrentPasswordInput,
  checkCurrentPasswordResponse,
  checkResetTokenResponse,
  forgotPasswordInput,
  loginInput,
  loginResponse,
  okResponse,
  resetPasswordInput,
  resetTokenParams,
  revokedSessionsResponse,
  sessionIdParams,
  systemHasLdapResponse,
  userSessionList,
} from '@servicedesk/contracts';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import * as sessions from '../sessions/sessions.service';
import { requireUser } from '../../plugins/auth-guard';
import * as passwords from './auth.password';
import * as service from './auth.service';
import { deviceCookieHeader, deviceTokensOf } from './device-cookie';

const errors = { 400: apiError, 401: apiError, 404: apiError, 422: apiError, 429: apiError };

/** Where a call came from (throttle keys, login history, the session row). */
const originOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/** /api/auth/* (SPEC §7 "Auth"). Public except checkCurrectPassword and changePassword. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /** GET /api/auth/systemHasLdap → { systemHasLdap } (SPEC §6): true only when LDAP_URL is set. */
  app.get(
    '/systemHasLdap',
    { config: { public: true }, schema: { response: { 200: systemHasLdapResponse } } },
    async () => ({ systemHasLdap: deps.config.ldapUrl !== null }),
  );

  /**
   * POST /api/auth/login { email, password, latitude?, longitude? } → { token, expiresAt, user }
   * (SPEC §7, §4). Email trimmed, case-insensitive. 401 `invalidCredentials` (unknown email,
   * wrong password, deactivated user alike), 429 `rateLimited` with `details { retryAfterSeconds,
   * scope: account | address | device }` (issues #20, #42; auth.service login), 400
   * `validationError`. The token's `jti` is a new server-side session (GET /api/auth/sessions).
   * Reads the `sd_device` cookie (a browser that signed in to this account before is not held
   * back by the address limit) and, on success, sets it again: HttpOnly, SameSite=Lax,
   * Path=/api/auth, a year, Secure over https (device-cookie.ts). The web's same-origin fetch
   * sends it without being asked.
   */
  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginInput, response: { 200: loginResponse, ...errors } } },
    async (request, reply) => {
      const { answer, deviceTokens } = await service.login(deps, request.body, originOf(request), deviceTokensOf(request.headers.cookie));
      void reply.header('set-cookie', deviceCookieHeader(deviceTokens, request.protocol === 'https'));
      return answer;
    },
  );

  /**
   * POST /api/auth/forgotPassword { email } → { ok: true } whether or not the email exists (SPEC §7).
   * For an active user a reset link `/auth/reset-password?token=…` (60 min, single use) is queued in
   * the outbox and logged.
   */
  app.post(
    '/forgotPassword',
    { config: { public: true }, schema: { body: forgotPasswordInput, response: { 200: okResponse, 400: apiError, 429: apiError } } },
    async (request) => {
      await passwords.forgotPassword(deps, request.body.email, originOf(request), request.log);
      return { ok: true as const };
    },
  );

  /**
   * GET /api/auth/checkResetToken/{token} → { isValid } (SPEC §7): false when unknown, used or
   * expired. 429 `rateLimited` after LOGIN_IP_RATE_LIMIT wrong guesses per address in 15 minutes (issue #20).
   */
  app.get(
    '/checkResetToken/:token',
    { config: { public: true }, schema: { params: resetTokenParams, response: { 200: checkResetTokenResponse, 400: apiError, 429: apiError } } },
    async (request) => ({ isValid: await passwords.isResetTokenValid(deps, request.params.token, originOf(request)) }),
  );

  /**
   * POST /api/auth/resetPassword { token, password } → { ok: true } (SPEC §7). 400 with the SPEC §5
   * password flags, 422 `invalidResetToken` for an unknown, expired or already used token, 429 as
   * checkResetToken. Every session of the user ends (issue #20).
   */
  app.post(
    '/resetPassword',
    { config: { public: true }, schema: { body: resetPasswordInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await passwords.resetPassword(deps, request.body.token, request.body.password, originOf(request));
      return { ok: true as const };
    },
  );

  /**
   * POST /api/auth/checkCurrectPassword { password } → { isCorrect } (SPEC §7; needs the bearer
   * token). 429 `rateLimited` after LOGIN_RATE_LIMIT wrong guesses (growing delay, issue #20).
   */
  app.post(
    '/checkCurrectPassword',
    { config: { permission: 'signedIn' }, schema: { body: checkCurrentPasswordInput, response: { 200: checkCurrentPasswordResponse, ...errors } } },
    async (request) => ({
      isCorrect: await passwords.isCurrentPassword(deps, requireUser(request).id, request.body.password, originOf(request)),
    }),
  );

  /**
   * POST /api/auth/changePassword { oldpassword, newPassword } → { ok: true } (SPEC §7, §5; needs the
   * bearer token). 400 `validationError` with one issue per violated flag, 422 `wrongPassword`,
   * 429 as checkCurrectPassword. Every other session of the user ends; this one stays (issue #20).
   */
  app.post(
    '/changePassword',
    { config: { permission: 'signedIn' }, schema: { body: changePasswordInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      await passwords.changePassword(deps, user.id, request.body.oldpassword, request.body.newPassword, originOf(request), user.sessionId ?? null);
      return { ok: true as const };
    },
  );

  /**
   * POST /api/auth/logout → { ok: true } (SPEC §4 logout; issue #20): ends the caller's session on
   * the server, so the token answers 401 `sessionRevoked` on every instance from then on. The web
   * calls it before clearing the browser's session.
   */
  app.post(
    '/logout',
    { config: { permission: 'signedIn' }, schema: { response: { 200: okResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      if (user.sessionId) await sessions.revoke(deps, user.id, user.sessionId, 'logout');
      return { ok: true as const };
    },
  );

  /** GET /api/auth/sessions → UserSession[]: the caller's open sessions, most recently seen first (issue #20). */
  app.get(
    '/sessions',
    { config: { permission: 'signedIn' }, schema: { response: { 200: userSessionList, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return sessions.listOpen(deps, user.id, user.sessionId ?? null);
    },
  );

  /**
   * POST /api/auth/sessions/{id}/revoke → { ok: true }: ends one of the caller's own sessions
   * (the current one included — that is a logout). 404 `notFound` for an unknown, ended or
   * someone else's session (issue #20).
   */
  app.post(
    '/sessions/:id/revoke',
    { config: { permission: 'signedIn' }, schema: { params: sessionIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      if (!(await sessions.revoke(deps, requireUser(request).id, request.params.id, 'signedOut'))) throw notFound('No such open session.');
      return { ok: true as const };
    },
  );

  /** POST /api/auth/sessions/revokeOthers → { revoked }: "sign out everywhere else" — every session of the caller but this one ends (issue #20). */
  app.post(
    '/sessions/revokeOthers',
    { config: { permission: 'signedIn' }, schema: { response: { 200: revokedSessionsResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return { revoked: await sessions.revokeAll(deps, user.id, 'signedOutEverywhere', user.sessionId ?? null) };
    },
  );
}
