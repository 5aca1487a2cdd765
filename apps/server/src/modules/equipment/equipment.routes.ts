import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addEquipmentCommentInput,
  budgetLine,
  budgetListQuery,
  budgetListResponse,
  equipmentCancelInput,
  equipmentComment,
  equipmentDecisionInput,
  equipmentIdParams,
  equipmentListQuery,
  equipmentListResponse,
  equipmentProcessInput,
  equipmentReference,
  equipmentRequestDetail,
  saveBudgetInput,
  saveEquipmentRequestInput,
  type EquipmentListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { recordListCache } from '../../lib/lists/list-cache';
import { recordRouteErrors, registerDecisionRoutes, requestLanguage } from '../../lib/routes';
import { listBudgets, saveBudget } from './equipment.budgets';
import { mayProcessRequest, mayViewRequest, registerEquipmentAccess } from './equipment.access';
import { registerEquipmentApproval } from './equipment.approval';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as service from './equipment.service';

const errors = recordRouteErrors;
const lang = requestLanguage;

/**
 * /api/equipment/* (issue #12; SPEC §7 catalogue "equipment orders (inventory requests) and
 * processing, director and visa pool callbacks; budgets"). Every route names its action key in
 * `config.permission` (seed/catalog.ts `inventory.*`); record checks (author, approver or
 * substitute, warehouse keeper) run in the service through lib/access.ts and the approval engine.
 * Registers the record rules, attachments' access, the approval kind and the grid's page cache.
 */
export async function equipmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  registerEquipmentAccess();
  registerEquipmentApproval({
    afterChange: service.afterEngineChange,
    mayView: mayViewRequest,
    mayProcess: mayProcessRequest,
  });
  const { cache: listCache, stop } = recordListCache(
    deps,
    EQUIPMENT_RECORD_KIND,
    deps.config.helpdeskListCacheMs,
  );
  fastify.addHook('onClose', async () => stop());

  /** GET /api/equipment/reference → EquipmentReference: budget lines (this and next year), units (Accept-Language), people for "on behalf of". */
  app.get(
    '/reference',
    {
      config: { permission: 'inventory.requests' },
      schema: { response: { 200: equipmentReference, ...errors } },
    },
    async (request) => service.reference(deps, requireUser(request), lang(request)),
  );

  /**
   * POST /api/equipment/requests/grid EquipmentListQuery → EquipmentListResponse: one page of
   * `mine` | `all` (inventory.requests.viewAll) | `processing` (inventory.processing); the JSON is
   * written by the database and may come from the page cache (dropped on every request change).
   */
  app.post(
    '/requests/grid',
    {
      config: { permission: 'inventory.requests' },
      schema: { body: equipmentListQuery, response: { 200: equipmentListResponse, ...errors } },
    },
    async (request, reply) => {
      const json = await service.listRequests(deps, requireUser(request), request.body, listCache);
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as EquipmentListResponse);
    },
  );

  /** POST /api/equipment/requests/save SaveEquipmentRequestInput → EquipmentRequestDetail (create a DRAFT, edit, optionally submit). */
  app.post(
    '/requests/save',
    {
      config: { permission: 'inventory.requests.create' },
      schema: {
        body: saveEquipmentRequestInput,
        response: { 200: equipmentRequestDetail, ...errors },
      },
    },
    async (request) => service.saveRequest(deps, requireUser(request), request.body, request.log),
  );

  /** GET /api/equipment/requests/{id} → EquipmentRequestDetail; 404; 403 without a part in it. */
  app.get(
    '/requests/:id',
    {
      config: { permission: 'inventory.requests' },
      schema: { params: equipmentIdParams, response: { 200: equipmentRequestDetail, ...errors } },
    },
    async (request) => service.getDetail(deps, requireUser(request), request.params.id),
  );

  /** POST /api/equipment/requests/{id}/submit → EquipmentRequestDetail: the author submits (DRAFT, RETURNED); 422 `budgetRequired`. */
  app.post(
    '/requests/:id/submit',
    {
      config: { permission: 'inventory.requests.create' },
      schema: { params: equipmentIdParams, response: { 200: equipmentRequestDetail, ...errors } },
    },
    async (request) =>
      service.submitRequest(deps, requireUser(request), request.params.id, request.log),
  );

  /** POST /api/equipment/requests/{id}/cancel { comment? } → EquipmentRequestDetail: the author withdraws it before approval. */
  app.post(
    '/requests/:id/cancel',
    {
      config: { permission: 'inventory.requests.cancel' },
      schema: {
        params: equipmentIdParams,
        body: equipmentCancelInput.default({}),
        response: { 200: equipmentRequestDetail, ...errors },
      },
    },
    async (request) =>
      service.cancelRequest(
        deps,
        requireUser(request),
        request.params.id,
        request.body.comment,
        request.log,
      ),
  );

  /**
   * POST /api/equipment/requests/{id}/directorCallback and …/visaPoolCallback { decision,
   * comment?, overrideBudget? } → EquipmentRequestDetail: the step's decision. The route asks
   * for `inventory.requests` only: the callback's own key is checked on whose step it is (the
   * approver, or the one a substitute stands in for), so a substitute of another type decides.
   */
  registerDecisionRoutes(fastify, {
    prefix: '/requests',
    params: equipmentIdParams,
    response: equipmentRequestDetail,
    calls: {
      directorCallback: { permission: 'inventory.requests', body: equipmentDecisionInput },
      visaPoolCallback: { permission: 'inventory.requests', body: equipmentDecisionInput },
    },
    decide: ({ user, id, call, body, log }) =>
      service.decideStep(deps, user, id, call === 'directorCallback' ? 'director' : 'visaPool', body, log),
  });

  /** POST /api/equipment/requests/{id}/comments { text, mentionedUserIds } → RecordComment. */
  app.post(
    '/requests/:id/comments',
    {
      config: { permission: 'inventory.requests' },
      schema: {
        params: equipmentIdParams,
        body: addEquipmentCommentInput,
        response: { 200: equipmentComment, ...errors },
      },
    },
    async (request) =>
      service.addComment(deps, requireUser(request), request.params.id, request.body, request.log),
  );

  /** POST /api/equipment/processing/{id}/lines { lines: [{ lineId, decision, note? }] } → EquipmentRequestDetail (the warehouse keeper). */
  app.post(
    '/processing/:id/lines',
    {
      config: { permission: 'inventory.processing' },
      schema: {
        params: equipmentIdParams,
        body: equipmentProcessInput,
        response: { 200: equipmentRequestDetail, ...errors },
      },
    },
    async (request) =>
      service.processLines(
        deps,
        requireUser(request),
        request.params.id,
        request.body,
        request.log,
      ),
  );

  /** GET /api/equipment/budgets?year=&groupId= → BudgetLine[]: planned, consumed (requests, others), remaining — minor units. */
  app.get(
    '/budgets',
    {
      config: { permission: 'inventory.requests' },
      schema: { querystring: budgetListQuery, response: { 200: budgetListResponse, ...errors } },
    },
    async (request) => listBudgets(deps.db, request.query),
  );

  /** POST /api/equipment/budgets/save SaveBudgetInput → BudgetLine; 409 `budgetExists`; 422 `unknownGroup`; 404. */
  app.post(
    '/budgets/save',
    {
      config: { permission: 'inventory.requests.budgets' },
      schema: { body: saveBudgetInput, response: { 200: budgetLine, ...errors } },
    },
    async (request) => saveBudget(deps.db, request.body),
  );
}
