import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiError,
  checkMenuPermissionInput,
  checkMenuPermissionResponse,
  currentUserProfile,
  deactivateElementInput,
  getLoginHistoryListInput,
  getLoginHistoryListResponse,
  getMenuPermissionsInput,
  getMenuPermissionsResponse,
  getMenusResponse,
  getSpecodesByKeyResponse,
  getUserListsResponse,
  getUsersNameAndIdResponse,
  okResponse,
  organisationSettings,
  specodeKeyParams,
  tableKeyParams,
  tableSettings,
  updateUserNumberInput,
  updateUserSelectedLanguageParams,
} from '@servicedesk/contracts';
import { organisationTimeZone } from '@servicedesk/i18n/format';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './global.service';
import { deactivateElement } from './deactivation';
import { requestLanguage } from '../../lib/routes';

const errors = { 400: apiError, 401: apiError };

/** /api/global/* (SPEC §7 "Global"). Every call needs the bearer token (401 otherwise). */
export async function globalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /** GET /api/global/Layout/GetMenus → MenuItem[] (SPEC §2 "Sidebar"): the caller's type's menu tree. */
  app.get('/Layout/GetMenus', { config: { permission: 'signedIn' }, schema: { response: { 200: getMenusResponse, ...errors } } }, async (request) =>
    service.getMenus(deps, requireUser(request)),
  );

  /** GET /api/global/getUsersNameAndId → { id, name }[]: active users, by name (pickers, mentions). */
  app.get('/getUsersNameAndId', { config: { permission: 'signedIn' }, schema: { response: { 200: getUsersNameAndIdResponse, ...errors } } }, async () =>
    service.getUsersNameAndId(deps),
  );

  /**
   * GET /api/global/getUserLists → { users, hasWpNumber } (SPEC §3): colleagues for the chat and
   * whether the caller has a WhatsApp number. Presence (isActive) arrives with the hub: false now.
   */
  app.get('/getUserLists', { config: { permission: 'signedIn' }, schema: { response: { 200: getUserListsResponse, ...errors } } }, async (request) =>
    service.getUserLists(deps, requireUser(request)),
  );

  /** POST /api/global/checkMenuPermission { actionName, detailId?, checkDetailPermission?, parentActionName? } → { hasPermission } (SPEC §6). */
  app.post(
    '/checkMenuPermission',
    { config: { permission: 'signedIn' }, schema: { body: checkMenuPermissionInput, response: { 200: checkMenuPermissionResponse, ...errors } } },
    async (request) => ({ hasPermission: await service.checkMenuPermission(deps, requireUser(request), request.body) }),
  );

  /** POST /api/global/getMenuPermissions { actionName } → { key, isChecked }[] for the element actions under it (SPEC §6). */
  app.post(
    '/getMenuPermissions',
    { config: { permission: 'signedIn' }, schema: { body: getMenuPermissionsInput, response: { 200: getMenuPermissionsResponse, ...errors } } },
    async (request) => service.getMenuPermissions(deps, requireUser(request), request.body.actionName),
  );

  /** GET /api/global/updateUserSelectedLanguage/{code} → { ok: true } (SPEC §4): stores az|en|ru|tr; 400 otherwise. */
  app.get(
    '/updateUserSelectedLanguage/:code',
    { config: { permission: 'signedIn' }, schema: { params: updateUserSelectedLanguageParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.updateLanguage(deps, requireUser(request), request.params.code);
      return { ok: true as const };
    },
  );

  /**
   * POST /api/global/getLoginHistoryList { isSuccess?, userId?, reason?, ip?, from?, to? } →
   * LoginHistoryItem[]: the caller's own attempts, newest first, at most 500 (all users' with
   * `loginHistory.all`), each with the user's name and position when the attempt belongs to a known
   * user. Filters: success (null = all), one user (someone without `loginHistory.all` gets only
   * their own: another user's id answers []), a failure reason, part of the IP address, calendar
   * days `from`…`to` (YYYY-MM-DD, inclusive, the organisation's time zone). 400 `validationError`.
   */
  app.post(
    '/getLoginHistoryList',
    { config: { permission: 'signedIn' }, schema: { body: getLoginHistoryListInput, response: { 200: getLoginHistoryListResponse, ...errors } } },
    async (request) => service.getLoginHistory(deps, requireUser(request), request.body),
  );

  /** POST /api/global/updateUserNumber { number: "994" + 9 digits } → { ok: true } (SPEC §5, §7); 400 `validationError` otherwise. */
  app.post(
    '/updateUserNumber',
    { config: { permission: 'signedIn' }, schema: { body: updateUserNumberInput, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.updatePhone(deps, requireUser(request), request.body.number);
      return { ok: true as const };
    },
  );

  /**
   * GET /api/global/getSpecodesByKey/{key} → Specode[] (DOMAIN.md "Specodes"): names in the
   * Accept-Language (az fallback), in list order; [] for an unknown key.
   */
  app.get(
    '/getSpecodesByKey/:key',
    { config: { permission: 'signedIn' }, schema: { params: specodeKeyParams, response: { 200: getSpecodesByKeyResponse, ...errors } } },
    async (request) => service.getSpecodes(deps, request.params.key, requestLanguage(request)),
  );

  /** POST /api/global/Layout/UpdateTableOrder/{key} { columns } → the saved settings (SPEC §2), per user and table. */
  app.post(
    '/Layout/UpdateTableOrder/:key',
    { config: { permission: 'signedIn' }, schema: { params: tableKeyParams, body: tableSettings, response: { 200: tableSettings, ...errors } } },
    async (request) => service.saveTableOrder(deps, requireUser(request), request.params.key, request.body),
  );

  /** GET /api/global/Layout/GetTableOrder/{key} (ours) → the caller's saved settings, `{ columns: [] }` when none. */
  app.get(
    '/Layout/GetTableOrder/:key',
    { config: { permission: 'signedIn' }, schema: { params: tableKeyParams, response: { 200: tableSettings, ...errors } } },
    async (request) => service.getTableOrder(deps, requireUser(request), request.params.key),
  );

  /**
   * POST /api/global/deactivateElement { id, type, desc } → { ok: true } (SPEC §3, §7): soft
   * deactivation with a reason (at least 10 characters) of a `user`, `position`, `location` or
   * `group` (modules register more types, deactivation.ts). 400 `validationError` or
   * `unknownElementType`, 403 `forbidden` without the type's action key (`admin.users.deactivate`,
   * `admin.org.manage`), 404 unknown id, 422 `alreadyInactive` / `cannotDeactivateSelf`.
   * A deactivated user's tokens answer 401 `inactiveUser` from then on and their hub connections close.
   */
  app.post(
    '/deactivateElement',
    {
      config: { permission: 'signedIn' },
      schema: { body: deactivateElementInput, response: { 200: okResponse, ...errors, 403: apiError, 404: apiError, 422: apiError } },
    },
    async (request) => {
      await deactivateElement(fastify, requireUser(request), request.body);
      return { ok: true as const };
    },
  );

  /** GET /api/global/organisation → { timeZone }: the zone the web shows instants in (ORG_TIME_ZONE, default Asia/Baku). */
  app.get('/organisation', { config: { permission: 'signedIn' }, schema: { response: { 200: organisationSettings, ...errors } } }, async () => ({
    timeZone: organisationTimeZone(),
  }));

  /** GET /api/global/getCurrentUser (ours) → CurrentUserProfile, for /user/profile. */
  app.get('/getCurrentUser', { config: { permission: 'signedIn' }, schema: { response: { 200: currentUserProfile, ...errors } } }, async (request) =>
    service.getCurrentUser(deps, requireUser(request)),
  );
}
