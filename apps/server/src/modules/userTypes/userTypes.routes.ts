import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminIdParams,
  userTypeCopyInput,
  userTypeDetail,
  userTypeInput,
  userTypeList,
} from '@servicedesk/contracts';
import { languageFromHeader } from '../../lib/language';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './userTypes.service';
import { recordRouteErrors } from '../../lib/routes';

const errors = recordRouteErrors;

/**
 * /api/admin/userTypes/* (issue #5 "User types"): names per language, the menu and element
 * permissions as a tree, copy. Changes are audited (GET /api/admin/audit/userType/{id}); users of
 * a type get changed grants on their next call.
 */
export async function userTypesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const lang = (header: string | undefined) => languageFromHeader(header);

  /** GET /api/admin/userTypes → UserTypeRow[] by name (in the Accept-Language), with active user counts. Any signed-in user (a lookup). */
  app.get(
    '/',
    { config: { permission: 'signedIn' }, schema: { response: { 200: userTypeList, ...errors } } },
    async (request) => service.listUserTypes(deps, lang(request.headers['accept-language'])),
  );

  /**
   * GET /api/admin/userTypes/{id} → UserTypeDetail: names and the permission tree
   * ({ key, captionKey, kind, isChecked, children }); 404. Needs admin.userTypes.
   */
  app.get(
    '/:id',
    { config: { permission: 'admin.userTypes' }, schema: { params: adminIdParams, response: { 200: userTypeDetail, ...errors } } },
    async (request) => service.getUserType(deps, request.params.id, lang(request.headers['accept-language'])),
  );

  /**
   * POST /api/admin/userTypes { names, grants } → UserTypeDetail. 400, 409 `nameTaken`, 422
   * `unknownAction` (details.keys). Needs admin.userTypes.create.
   */
  app.post(
    '/',
    { config: { permission: 'admin.userTypes.create' }, schema: { body: userTypeInput, response: { 200: userTypeDetail, ...errors } } },
    async (request) => service.createUserType(deps, requireUser(request), request.body, lang(request.headers['accept-language'])),
  );

  /** PUT /api/admin/userTypes/{id} { names, grants } → UserTypeDetail (grants replaced); 404 and as create. Needs admin.userTypes.update. */
  app.put(
    '/:id',
    { config: { permission: 'admin.userTypes.update' }, schema: { params: adminIdParams, body: userTypeInput, response: { 200: userTypeDetail, ...errors } } },
    async (request) => service.updateUserType(deps, requireUser(request), request.params.id, request.body, lang(request.headers['accept-language'])),
  );

  /** POST /api/admin/userTypes/{id}/copy { names } → UserTypeDetail of the copy with every grant of the source; 404, 409. Needs admin.userTypes.copy. */
  app.post(
    '/:id/copy',
    { config: { permission: 'admin.userTypes.copy' }, schema: { params: adminIdParams, body: userTypeCopyInput, response: { 200: userTypeDetail, ...errors } } },
    async (request) =>
      service.copyUserType(deps, requireUser(request), request.params.id, request.body.names, lang(request.headers['accept-language'])),
  );
}
