import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminIdParams,
  adminResetPasswordInput,
  adminResetPasswordResponse,
  adminUserCreateInput,
  adminUserCreateResponse,
  adminUserDetail,
  adminUsersPage,
  adminUsersQuery,
  adminUserUpdateInput,
  okResponse,
  revokedSessionsResponse,
  signInLockResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './users.service';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';

const errors = recordRouteErrors;

/**
 * /api/admin/users/* (issue #5 "Users list"): list, detail, create, update, activate again and reset
 * a password. Deactivation with a reason is POST /api/global/deactivateElement { type: 'user' }.
 * Every change is written to the admin audit log (GET /api/admin/audit/user/{id}).
 */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerUserDeactivation();

  /**
   * POST /api/admin/users/list AdminUsersQuery → { totalCount, items: AdminUserRow[] }: filters
   * (search, isActive, userTypeId, positionId, locationId), sort (sortBy, sortDir) and paging
   * (skip, take ≤ 200). Type names in the Accept-Language. Needs admin.users.
   */
  app.post(
    '/list',
    { config: { permission: 'admin.users' }, schema: { body: adminUsersQuery, response: { 200: adminUsersPage, ...errors } } },
    async (request) => service.listUsers(deps, request.body, requestLanguage(request)),
  );

  /** GET /api/admin/users/{id} → AdminUserDetail (with groups); 404. Needs admin.users. */
  app.get(
    '/:id',
    { config: { permission: 'admin.users' }, schema: { params: adminIdParams, response: { 200: adminUserDetail, ...errors } } },
    async (request) => service.getUser(deps, request.params.id, requestLanguage(request)),
  );

  /**
   * POST /api/admin/users AdminUserCreateInput → { user, resetMailQueued }: with `password` the user
   * signs in with it; without, a reset link is queued in the outbox. 400 `validationError`
   * (password flags, email, phone), 409 `emailTaken` (case-insensitive), 422 `unknownReference`.
   * Needs admin.users.create.
   */
  app.post(
    '/',
    { config: { permission: 'admin.users.create' }, schema: { body: adminUserCreateInput, response: { 200: adminUserCreateResponse, ...errors } } },
    async (request) =>
      service.createUser(deps, requireUser(request), request.body, requestLanguage(request), request.log),
  );

  /** PUT /api/admin/users/{id} AdminUserUpdateInput → AdminUserDetail; 400, 404, 409 `emailTaken`, 422 `unknownReference`. Needs admin.users.update. */
  app.put(
    '/:id',
    { config: { permission: 'admin.users.update' }, schema: { params: adminIdParams, body: adminUserUpdateInput, response: { 200: adminUserDetail, ...errors } } },
    async (request) =>
      service.updateUser(deps, requireUser(request), request.params.id, request.body, requestLanguage(request)),
  );

  /**
   * POST /api/admin/users/{id}/activate → { ok: true }: reactivates a deactivated user (they may
   * sign in again; the reason is cleared, the audit log keeps it). 404, 422 `alreadyActive`.
   * Needs admin.users.reactivate.
   */
  app.post(
    '/:id/activate',
    { config: { permission: 'admin.users.reactivate' }, schema: { params: adminIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.reactivateUser(deps, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  /**
   * POST /api/admin/users/{id}/resetPassword { password? } → { resetMailQueued }: sets the given
   * password (SPEC §5 flags, else 400) or queues a reset link. 404, 422 `inactiveUser`.
   * Needs admin.users.resetPassword.
   */
  app.post(
    '/:id/resetPassword',
    {
      config: { permission: 'admin.users.resetPassword' },
      schema: { params: adminIdParams, body: adminResetPasswordInput, response: { 200: adminResetPasswordResponse, ...errors } },
    },
    async (request) => service.resetPassword(deps, requireUser(request), request.params.id, request.body.password, request.log),
  );

  /** POST /api/admin/users/{id}/signOutEverywhere → { revoked }: ends every session of the user (issue #20). Needs admin.users.resetPassword. 404. */
  app.post(
    '/:id/signOutEverywhere',
    { config: { permission: 'admin.users.resetPassword' }, schema: { params: adminIdParams, response: { 200: revokedSessionsResponse, ...errors } } },
    async (request) => ({ revoked: await service.signOutEverywhere(deps, requireUser(request), request.params.id) }),
  );

  /** GET /api/admin/users/{id}/signInLock → SignInLockResponse: the account's sign-in throttle (issue #20). Needs admin.users. 404. */
  app.get(
    '/:id/signInLock',
    { config: { permission: 'admin.users' }, schema: { params: adminIdParams, response: { 200: signInLockResponse, ...errors } } },
    async (request) => service.signInLock(deps, request.params.id),
  );

  /** DELETE /api/admin/users/{id}/signInLock → { ok: true }: lifts the lock and its growing delay (issue #20). Needs admin.users.resetPassword. 404. */
  app.delete(
    '/:id/signInLock',
    { config: { permission: 'admin.users.resetPassword' }, schema: { params: adminIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.liftSignInLock(deps, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
}
