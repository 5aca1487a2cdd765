import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HELPDESK_ACTIONS,
  addHelpdeskCommentInput,
  helpdeskCategory,
  helpdeskCategoryInput,
  helpdeskComment,
  helpdeskComponent,
  helpdeskComponentInput,
  helpdeskDashboard,
  helpdeskIdParams,
  helpdeskListQuery,
  helpdeskListResponse,
  helpdeskPriority,
  helpdeskPriorityInput,
  helpdeskPriorityParams,
  helpdeskReference,
  helpdeskRequestDetail,
  helpdeskRequestListQuery,
  helpdeskRequestListResponse,
  helpdeskStatusInput,
  helpdeskTransitionInput,
  okResponse,
  saveHelpdeskRequestInput,
  type HelpdeskListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as catalog from './helpdesk.catalog';
import { registerHelpdeskAccess } from './helpdesk.access';
import { registerHelpdeskApproval } from './helpdesk.approval';
import { scheduleHelpdeskJobs } from './helpdesk.jobs';
import { ACTION_KEYS } from './helpdesk.machine';
import { recordListCache } from '../../lib/lists/list-cache';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import * as service from './helpdesk.service';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';

const errors = recordRouteErrors;
const lang = requestLanguage;

/**
 * /api/helpdesk/* (issue #6; SPEC §7 catalogue "categories, components, groups, members;
 * requests (detail, save, status, grid, list, approve, repair, cancel)"). Every route names its
 * action key in `config.permission`; record-level checks (requester, assignee, group member,
 * group lead, viewAll) run in the service through lib/access.ts. Also registers the record rule,
 * the attachment access, the auto-close job and the grid's page cache (lib/lists/list-cache.ts,
 * HELPDESK_LIST_CACHE_MS), which every request change drops.
 */
export async function helpdeskRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  registerHelpdeskAccess();
  registerHelpdeskApproval(service.afterEngineDecision);
  scheduleHelpdeskJobs(fastify);
  // Grid pages for a few seconds; any request change, here or on another instance, drops them.
  const { cache: listCache, stop: stopListening } = recordListCache(deps, HELPDESK_RECORD_KIND, deps.config.helpdeskListCacheMs);
  fastify.addHook('onClose', async () => stopListening());

  /** GET /api/helpdesk/reference → HelpdeskReference: categories, components, priorities, groups with members, hold reasons (names in Accept-Language). */
  app.get('/reference', { config: { permission: 'helpdesk.requests' }, schema: { response: { 200: helpdeskReference, ...errors } } }, async (request) =>
    service.reference(deps, lang(request)),
  );

  /** GET /api/helpdesk/dashboard → HelpdeskDashboard: my open, assigned to me, my groups' queue, overdue, by status, by priority. */
  app.get('/dashboard', { config: { permission: 'helpdesk.requests' }, schema: { response: { 200: helpdeskDashboard, ...errors } } }, async (request) =>
    service.dashboard(deps, requireUser(request)),
  );

  /**
   * POST /api/helpdesk/requests/grid HelpdeskListQuery → HelpdeskListResponse { rows, total,
   * totalCapped }: one page of a scope (mine | assigned | queue | involved | all — 403 without
   * helpdesk.requests.viewAll) with the filters; the JSON is written by the database and may come
   * from the page cache (never older than the last request change, at most 5 s by default).
   */
  app.post(
    '/requests/grid',
    { config: { permission: 'helpdesk.requests' }, schema: { body: helpdeskListQuery, response: { 200: helpdeskListResponse, ...errors } } },
    async (request, reply) => {
      // The database wrote the JSON (repository listRequestsJson): Fastify sends a string as it
      // is, without serialising it again; the cast only tells the type provider so.
      const json = await service.listRequests(deps, requireUser(request), request.body, lang(request), new Date(), listCache);
      return reply.type('application/json; charset=utf-8').send(json as unknown as HelpdeskListResponse);
    },
  );

  /** GET /api/helpdesk/requests/list?search= → { id, name }[] (select-search): up to 20 visible requests. */
  app.get(
    '/requests/list',
    { config: { permission: 'helpdesk.requests' }, schema: { querystring: helpdeskRequestListQuery, response: { 200: helpdeskRequestListResponse, ...errors } } },
    async (request) => service.pickRequests(deps, requireUser(request), request.query.search),
  );

  /**
   * POST /api/helpdesk/requests/save SaveHelpdeskRequestInput → HelpdeskRequestDetail: creates
   * (no id) or edits (id; its requester, while NEW: 403 / 422 `requestNotEditable`).
   */
  app.post(
    '/requests/save',
    { config: { permission: 'helpdesk.requests.create' }, schema: { body: saveHelpdeskRequestInput, response: { 200: helpdeskRequestDetail, ...errors } } },
    async (request) => service.saveRequest(deps, requireUser(request), request.body, lang(request), request.log),
  );

  /** GET /api/helpdesk/requests/{id} → HelpdeskRequestDetail; 404 unknown; 403 without a part in it or viewAll. */
  app.get(
    '/requests/:id',
    { config: { permission: 'helpdesk.requests' }, schema: { params: helpdeskIdParams, response: { 200: helpdeskRequestDetail, ...errors } } },
    async (request) => service.getDetail(deps, requireUser(request), request.params.id, lang(request)),
  );

  /**
   * POST /api/helpdesk/requests/{id}/status { action, comment?, holdReason?, solution?,
   * assigneeId? } → HelpdeskRequestDetail: any status action; the action's own key is checked
   * in the service (the same as the dedicated routes below).
   */
  app.post(
    '/requests/:id/status',
    {
      config: { permission: 'helpdesk.requests' },
      schema: { params: helpdeskIdParams, body: helpdeskStatusInput, response: { 200: helpdeskRequestDetail, ...errors } },
    },
    async (request) => {
      const { action, ...input } = request.body;
      return service.applyAction(deps, requireUser(request), request.params.id, action, input, lang(request), request.log);
    },
  );

  /**
   * POST /api/helpdesk/requests/{id}/{approve|reject|assign|repair|hold|resume|resolve|confirm|
   * reopen|cancel} { comment?, holdReason?, solution?, assigneeId? } → HelpdeskRequestDetail.
   * One route per action, each declaring its action key (helpdesk.machine.ts ACTION_KEYS).
   * 422 wrong status or missing field; 403 wrong person; 409 changed meanwhile.
   */
  for (const action of HELPDESK_ACTIONS) {
    app.post(
      `/requests/:id/${action}`,
      {
        config: { permission: ACTION_KEYS[action] },
        schema: { params: helpdeskIdParams, body: helpdeskTransitionInput.default({}), response: { 200: helpdeskRequestDetail, ...errors } },
      },
      async (request) => service.applyAction(deps, requireUser(request), request.params.id, action, request.body, lang(request), request.log),
    );
  }

  /** POST /api/helpdesk/requests/{id}/comments { text, mentionedUserIds } → HelpdeskComment; 404 / 403 as the detail. */
  app.post(
    '/requests/:id/comments',
    {
      config: { permission: 'helpdesk.requests' },
      schema: { params: helpdeskIdParams, body: addHelpdeskCommentInput, response: { 200: helpdeskComment, ...errors } },
    },
    async (request) => service.addComment(deps, requireUser(request), request.params.id, request.body, request.log),
  );

  // --- Admin: categories, components, priorities (helpdesk.categories.*) -----------------------

  /** POST /api/helpdesk/categories HelpdeskCategoryInput → HelpdeskCategory. */
  app.post(
    '/categories',
    { config: { permission: 'helpdesk.categories.create' }, schema: { body: helpdeskCategoryInput, response: { 200: helpdeskCategory, ...errors } } },
    async (request) => catalog.createCategory(deps, request.body, lang(request)),
  );

  /** PUT /api/helpdesk/categories/{id} HelpdeskCategoryInput → HelpdeskCategory; 404. */
  app.put(
    '/categories/:id',
    {
      config: { permission: 'helpdesk.categories.update' },
      schema: { params: helpdeskIdParams, body: helpdeskCategoryInput, response: { 200: helpdeskCategory, ...errors } },
    },
    async (request) => catalog.updateCategory(deps, request.params.id, request.body, lang(request)),
  );

  /** DELETE /api/helpdesk/categories/{id} → { ok }; 404; 409 `inUse` (deactivate instead). */
  app.delete(
    '/categories/:id',
    { config: { permission: 'helpdesk.categories.delete' }, schema: { params: helpdeskIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await catalog.deleteCategory(deps, request.params.id);
      return { ok: true as const };
    },
  );

  /** POST /api/helpdesk/components HelpdeskComponentInput → HelpdeskComponent; 422 unknown category / group. */
  app.post(
    '/components',
    { config: { permission: 'helpdesk.categories.create' }, schema: { body: helpdeskComponentInput, response: { 200: helpdeskComponent, ...errors } } },
    async (request) => catalog.createComponent(deps, request.body, lang(request)),
  );

  /** PUT /api/helpdesk/components/{id} HelpdeskComponentInput → HelpdeskComponent; 404. */
  app.put(
    '/components/:id',
    {
      config: { permission: 'helpdesk.categories.update' },
      schema: { params: helpdeskIdParams, body: helpdeskComponentInput, response: { 200: helpdeskComponent, ...errors } },
    },
    async (request) => catalog.updateComponent(deps, request.params.id, request.body, lang(request)),
  );

  /** DELETE /api/helpdesk/components/{id} → { ok }; 404; 409 `inUse`. */
  app.delete(
    '/components/:id',
    { config: { permission: 'helpdesk.categories.delete' }, schema: { params: helpdeskIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await catalog.deleteComponent(deps, request.params.id);
      return { ok: true as const };
    },
  );

  /** PUT /api/helpdesk/priorities/{code} { names, targetMinutes } → HelpdeskPriority; 404. */
  app.put(
    '/priorities/:code',
    {
      config: { permission: 'helpdesk.categories.update' },
      schema: { params: helpdeskPriorityParams, body: helpdeskPriorityInput, response: { 200: helpdeskPriority, ...errors } },
    },
    async (request) => catalog.updatePriority(deps, request.params.code, request.body, lang(request)),
  );
}
