import type { FastifyInstance } from 'fastify';
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
} from '@servicedesk/contracts';
import { recordListCache } from '../../lib/lists/list-cache';
import { requestLanguage } from '../../lib/routes';
import { recordRoutes, registerRecordRoutes } from '../../lib/records/record-routes';
import { listBudgets, saveBudget } from './equipment.budgets';
import { mayProcessRequest, mayViewRequest, registerEquipmentAccess } from './equipment.access';
import { registerEquipmentApproval } from './equipment.approval';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as service from './equipment.service';

const lang = requestLanguage;

/**
 * /api/equipment/* (issue #12; SPEC §7 catalogue "equipment orders (inventory requests) and
 * processing, director and visa pool callbacks; budgets"). Every route names its action key in
 * `config.permission` (seed/catalog.ts `inventory.*`); record checks (author, approver or
 * substitute, warehouse keeper) run in the service through lib/access.ts and the approval engine.
 * Registers the record rules, attachments' access, the approval kind and the grid's page cache.
 */
export async function equipmentRoutes(fastify: FastifyInstance): Promise<void> {
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

  const route = recordRoutes(fastify);

  /** GET /api/equipment/reference → EquipmentReference: budget lines (this and next year), units (Accept-Language), people for "on behalf of". */
  route.get('/reference', { permission: 'inventory.requests', response: equipmentReference }, async ({ user, request }) =>
    service.reference(deps, user, lang(request)),
  );

  /**
   * The record's skeleton (lib/records/record-routes.ts), under /api/equipment/requests:
   * - POST /grid EquipmentListQuery → EquipmentListResponse: one page of `mine` | `all`
   *   (inventory.requests.viewAll) | `processing` (inventory.processing); the JSON is written by the
   *   database and may come from the page cache (dropped on every request change);
   * - POST /save SaveEquipmentRequestInput → EquipmentRequestDetail (create a DRAFT, edit, optionally submit);
   * - GET /{id} → EquipmentRequestDetail; 404; 403 without a part in it;
   * - POST /{id}/submit → EquipmentRequestDetail: the author submits (DRAFT, RETURNED); 422 `budgetRequired`;
   * - POST /{id}/cancel { comment? } → EquipmentRequestDetail: the author withdraws it before approval;
   * - POST /{id}/directorCallback and …/visaPoolCallback { decision, comment?, overrideBudget? } →
   *   EquipmentRequestDetail: the step's decision. The route asks for `inventory.requests` only: the
   *   callback's own key is checked on whose step it is (the approver, or the one a substitute
   *   stands in for), so a substitute of another type decides;
   * - POST /{id}/comments { text, mentionedUserIds } → RecordComment.
   */
  registerRecordRoutes(fastify, {
    prefix: '/requests',
    params: equipmentIdParams,
    detail: equipmentRequestDetail,
    grid: {
      permission: 'inventory.requests',
      query: equipmentListQuery,
      response: equipmentListResponse,
      handle: (user, query) => service.listRequests(deps, user, query, listCache),
    },
    save: {
      permission: 'inventory.requests.create',
      body: saveEquipmentRequestInput,
      handle: ({ user, body, log }) => service.saveRequest(deps, user, body, log),
    },
    get: { permission: 'inventory.requests', handle: (user, id) => service.getDetail(deps, user, id) },
    submit: {
      permission: 'inventory.requests.create',
      handle: ({ user, params, log }) => service.submitRequest(deps, user, params.id, log),
    },
    cancel: {
      permission: 'inventory.requests.cancel',
      body: equipmentCancelInput.default({}),
      handle: ({ user, params, body, log }) => service.cancelRequest(deps, user, params.id, body.comment, log),
    },
    decisions: {
      calls: {
        directorCallback: { permission: 'inventory.requests', body: equipmentDecisionInput },
        visaPoolCallback: { permission: 'inventory.requests', body: equipmentDecisionInput },
      },
      decide: ({ user, id, call, body, log }) =>
        service.decideStep(deps, user, id, call === 'directorCallback' ? 'director' : 'visaPool', body, log),
    },
    comments: {
      permission: 'inventory.requests',
      body: addEquipmentCommentInput,
      response: equipmentComment,
      handle: ({ user, params, body, log }) => service.addComment(deps, user, params.id, body, log),
    },
  });

  /** POST /api/equipment/processing/{id}/lines { lines: [{ lineId, decision, note? }] } → EquipmentRequestDetail (the warehouse keeper). */
  route.post(
    '/processing/:id/lines',
    { permission: 'inventory.processing', params: equipmentIdParams, body: equipmentProcessInput, response: equipmentRequestDetail },
    async ({ user, params, body, log }) => service.processLines(deps, user, params.id, body, log),
  );

  /** GET /api/equipment/budgets?year=&groupId= → BudgetLine[]: planned, consumed (requests, others), remaining — minor units. */
  route.get('/budgets', { permission: 'inventory.requests', query: budgetListQuery, response: budgetListResponse }, async ({ query }) =>
    listBudgets(deps.db, query),
  );

  /** POST /api/equipment/budgets/save SaveBudgetInput → BudgetLine; 409 `budgetExists`; 422 `unknownGroup`; 404. */
  route.post('/budgets/save', { permission: 'inventory.requests.budgets', body: saveBudgetInput, response: budgetLine }, async ({ body }) =>
    saveBudget(deps.db, body),
  );
}
