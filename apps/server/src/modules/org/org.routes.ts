import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditList,
  adminAuditParams,
  adminIdParams,
  explainInput,
  explainResult,
  groupDetail,
  groupInput,
  groupList,
  okResponse,
  orgItem,
  orgItemInput,
  orgItemList,
  orgListQuery,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './org.service';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';

const errors = recordRouteErrors;

/**
 * /api/admin/{positions,locations,groups,permissions,audit} (issue #5, DOMAIN.md "Organisation
 * and identity"). Lists are lookups any signed-in user may read (user forms, pickers); changes
 * need `admin.org.manage`. Deactivation goes through POST /api/global/deactivateElement with type
 * `position`, `location` or `group`; activation is here. Every change is written to the admin
 * audit log.
 */
export async function orgRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerOrgDeactivations();

  for (const [kind, path] of [['position', 'positions'], ['location', 'locations']] as const) {
    /** GET /api/admin/{positions|locations}?includeInactive=true → OrgItem[] by name (active only by default). */
    app.get(
      `/${path}`,
      { config: { permission: 'signedIn' }, schema: { querystring: orgListQuery, response: { 200: orgItemList, ...errors } } },
      async (request) => service.listOrgItems(deps, kind, request.query.includeInactive === 'true'),
    );

    /** POST /api/admin/{positions|locations} { name } → OrgItem; 409 `nameTaken` (case-insensitive). Needs admin.org.manage. */
    app.post(
      `/${path}`,
      { config: { permission: 'admin.org.manage' }, schema: { body: orgItemInput, response: { 200: orgItem, ...errors } } },
      async (request) => service.createOrgItem(deps, requireUser(request), kind, request.body.name),
    );

    /** PUT /api/admin/{positions|locations}/{id} { name } → OrgItem; 404, 409 `nameTaken`. Needs admin.org.manage. */
    app.put(
      `/${path}/:id`,
      { config: { permission: 'admin.org.manage' }, schema: { params: adminIdParams, body: orgItemInput, response: { 200: orgItem, ...errors } } },
      async (request) => service.renameOrgItem(deps, requireUser(request), kind, request.params.id, request.body.name),
    );

    /** POST /api/admin/{positions|locations}/{id}/activate → { ok: true }; 404, 422 `alreadyActive`. Needs admin.org.manage. */
    app.post(
      `/${path}/:id/activate`,
      { config: { permission: 'admin.org.manage' }, schema: { params: adminIdParams, response: { 200: okResponse, ...errors } } },
      async (request) => {
        await service.activate(deps, requireUser(request), kind, request.params.id);
        return { ok: true as const };
      },
    );
  }

  /** GET /api/admin/groups?includeInactive=true → GroupRow[] by name with member count and lead. Any signed-in user. */
  app.get(
    '/groups',
    { config: { permission: 'signedIn' }, schema: { querystring: orgListQuery, response: { 200: groupList, ...errors } } },
    async (request) => service.listGroups(deps, request.query.includeInactive === 'true'),
  );

  /** GET /api/admin/groups/{id} → GroupDetail (members, lead first); 404. Needs admin.org. */
  app.get(
    '/groups/:id',
    { config: { permission: 'admin.org' }, schema: { params: adminIdParams, response: { 200: groupDetail, ...errors } } },
    async (request) => service.getGroup(deps, request.params.id),
  );

  /**
   * POST /api/admin/groups { name, members: { userId, isLead }[] } → GroupDetail. 400 with issue
   * `oneLead` / `duplicateMember`, 409 `nameTaken`, 422 `unknownReference`. Needs admin.org.manage.
   */
  app.post(
    '/groups',
    { config: { permission: 'admin.org.manage' }, schema: { body: groupInput, response: { 200: groupDetail, ...errors } } },
    async (request) => service.createGroup(deps, requireUser(request), request.body),
  );

  /** PUT /api/admin/groups/{id} { name, members } → GroupDetail (members replaced); errors as create, 404. Needs admin.org.manage. */
  app.put(
    '/groups/:id',
    { config: { permission: 'admin.org.manage' }, schema: { params: adminIdParams, body: groupInput, response: { 200: groupDetail, ...errors } } },
    async (request) => service.updateGroup(deps, requireUser(request), request.params.id, request.body),
  );

  /** POST /api/admin/groups/{id}/activate → { ok: true }; 404, 422 `alreadyActive`. Needs admin.org.manage. */
  app.post(
    '/groups/:id/activate',
    { config: { permission: 'admin.org.manage' }, schema: { params: adminIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.activate(deps, requireUser(request), 'group', request.params.id);
      return { ok: true as const };
    },
  );

  /**
   * POST /api/admin/permissions/explain { userId, actionName, detailId? } → { allowed, rule, params?, user }
   * (issue #5 permission explainer): the same decision the server enforces, with the rule that
   * made it (userTypeGrants, userTypeLacks, unknownAction, inactiveUser, or a record rule such as
   * requester / assignee / groupMember / notRecordParticipant). 404 unknown user. Needs admin.permissions.
   */
  app.post(
    '/permissions/explain',
    { config: { permission: 'admin.permissions' }, schema: { body: explainInput, response: { 200: explainResult, ...errors } } },
    async (request) => service.explain(deps, request.body, requestLanguage(request)),
  );

  /**
   * GET /api/admin/audit/{entityType}/{entityId} → AdminAuditEntry[] newest first (at most 500):
   * who changed what and when. Route needs any administration item; the entity's screen key too
   * (admin.users for users, admin.userTypes for user types, admin.org for the rest), else 403.
   */
  app.get(
    '/audit/:entityType/:entityId',
    { config: { permission: 'administration' }, schema: { params: adminAuditParams, response: { 200: adminAuditList, ...errors } } },
    async (request) => service.entityAudit(deps, requireUser(request), request.params.entityType, request.params.entityId),
  );
}
