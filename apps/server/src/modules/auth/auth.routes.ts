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
  systemHasLdapResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './auth.service';

const errors = { 400: apiError, 401: apiError, 422: apiError, 429: apiError };

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
   * wrong password, deactivated user alike), 429 `rateLimited`, 400 `validationError`.
   */
  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginInput, response: { 200: loginResponse, ...errors } } },
    async (request) =>
      service.login(deps, request.body, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null }),
  );

  /**
   * POST /api/auth/forgotPassword { email } → { ok: true } whether or not the email exists (SPEC §7).
   * For an active user a reset link `/auth/reset-password?token=…` (60 min, single use) is queued in
   * the outbox and logged.
   */
  app.post(
    '/forgotPassword',
    { config: { public: true }, schema: { body: forgotPasswordInput, response: { 200: okResponse, 400: apiError } } },
    async (request) => {
      await service.forgotPassword(deps, request.body.email, request.log);
      return { ok: true as const };
    },
  );

  /** GET /api/auth/checkResetToken/{token} → { isValid } (SPEC §7): false when unknown, used or expired. */
  app.get(
    '/checkResetToken/:token',
    { config: { public: true }, schema: { params: resetTokenParams, response: { 200: checkResetTokenResponse } } },
    async (request) => ({ isValid: await service.isResetTokenValid(deps, request.params.token) }),
  );

  /**
   * POST /api/auth/resetPassword { token, password } → { ok: true } (SPEC §7). 400 with the SPEC §5
   * password flags, 422 `invalidResetToken` for an unknown, expired or already used token.
   */
  app.post(
    '/resetPassword',
    { config: { public: true }, schema: { body: resetPasswordInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.resetPassword(deps, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  /** POST /api/auth/checkCurrectPassword { password } → { isCorrect } (SPEC §7; needs the bearer token). */
  app.post(
    '/checkCurrectPassword',
    { config: { permission: 'signedIn' }, schema: { body: checkCurrentPasswordInput, response: { 200: checkCurrentPasswordResponse, ...errors } } },
    async (request) => ({
      isCorrect: await service.isCurrentPassword(deps, requireUser(request).id, request.body.password),
    }),
  );

  /**
   * POST /api/auth/changePassword { oldpassword, newPassword } → { ok: true } (SPEC §7, §5; needs the
   * bearer token). 400 `validationError` with one issue per violated flag, 422 `wrongPassword`.
   */
  app.post(
    '/changePassword',
    { config: { permission: 'signedIn' }, schema: { body: changePasswordInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.changePassword(deps, requireUser(request).id, request.body.oldpassword, request.body.newPassword);
      return { ok: true as const };
    },
  );
}
