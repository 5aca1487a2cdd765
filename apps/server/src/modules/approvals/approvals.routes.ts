import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPROVALS_ACTION_KEY,
  APPROVALS_DELEGATE_KEY,
  approvalBulkInput,
  approvalBulkResponse,
  approvalDecideInput,
  approvalRecordParams,
  approvalState,
  createDelegationInput,
  delegation,
  delegationIdParams,
  delegationsResponse,
  myApprovalsCount,
  myApprovalsQuery,
  myApprovalsResponse,
  type MyApprovalsResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { approvalState as readState, decide } from '../../lib/approvals/engine';
import * as service from './approvals.service';
import { recordRouteErrors } from '../../lib/routes';
import { recordListCache } from '../../lib/lists/list-cache';
import { changesWaiting } from '../../lib/approvals/waiting';

const errors = recordRouteErrors;

/**
 * /api/approvals/* (issue #11, DOMAIN.md "Approval chains"): my approvals (list, count, decide,
 * bulk approve), a record's approval state, and delegation. The list, decisions and state need
 * the `approvals` key; delegation `approvals.delegate` (both seeded for every demo user type);
 * each decision is then checked by the engine (lib/approvals/engine.ts) record by record.
 */
export async function approvalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const mine = { permission: APPROVALS_ACTION_KEY };
  // My approvals' pages and counts, kept as the grids' pages (HELPDESK_LIST_CACHE_MS) and dropped
  // whenever an engine write or a delegation change is announced, here or on another instance.
  const { cache, stop } = recordListCache(deps, changesWaiting, deps.config.helpdeskListCacheMs);
  fastify.addHook('onClose', async () => stop());

  /**
   * POST /api/approvals/mine { skip, take, recordKind? } → { total, rows } (contracts
   * MyApprovalsResponse; the JSON is written by the database, or comes from the cache while
   * nothing changed — approvals.service.ts).
   */
  app.post('/mine', { config: mine, schema: { body: myApprovalsQuery, response: { 200: myApprovalsResponse, ...errors } } }, async (request, reply) => {
    const json = await service.listMineJson(deps, requireUser(request), request.body, new Date(), cache);
    return reply.type('application/json; charset=utf-8').send(json as unknown as MyApprovalsResponse);
  });

  /** GET /api/approvals/mine/count → { pending } (the dashboard figure; cached as the page). */
  app.get('/mine/count', { config: mine, schema: { response: { 200: myApprovalsCount, ...errors } } }, async (request) => ({
    pending: await service.countMine(deps, requireUser(request), new Date(), cache),
  }));

  /**
   * POST /api/approvals/decide { recordKind, recordId, decision, comment? } → the record's
   * ApprovalState after the decision. Errors: engine.ts (403 `ownRecord` / `notApprover`, 422
   * `invalidTransition` / `commentRequired` / `commentTooShort`, 409 `approvalChanged`, 404).
   */
  app.post('/decide', { config: mine, schema: { body: approvalDecideInput, response: { 200: approvalState, ...errors } } }, async (request) => {
    const user = requireUser(request);
    const { recordKind, recordId, decision, comment } = request.body;
    await decide(deps, user, recordKind, recordId, decision, comment, new Date(), request.log);
    return readState(deps, user, recordKind, recordId);
  });

  /** POST /api/approvals/bulkApprove { items, comment? } → { results, approved, failed } (each record checked on its own). */
  app.post('/bulkApprove', { config: mine, schema: { body: approvalBulkInput, response: { 200: approvalBulkResponse, ...errors } } }, async (request) =>
    service.bulkApprove(deps, requireUser(request), request.body, new Date(), request.log),
  );

  /** GET /api/approvals/record/{recordKind}/{recordId} → ApprovalState (404 none; 403 `notRecordParticipant`). */
  app.get('/record/:recordKind/:recordId', { config: mine, schema: { params: approvalRecordParams, response: { 200: approvalState, ...errors } } }, async (request) =>
    readState(deps, requireUser(request), request.params.recordKind, request.params.recordId),
  );

  const delegate = { permission: APPROVALS_DELEGATE_KEY };
  /** GET /api/approvals/delegations → { given, received }. */
  app.get('/delegations', { config: delegate, schema: { response: { 200: delegationsResponse, ...errors } } }, async (request) =>
    service.listDelegations(deps, requireUser(request)),
  );
  /**
   * POST /api/approvals/delegations { substituteId, startsOn, endsOn, reason? } → Delegation: the
   * whole days (inclusive) in the organisation's time zone (422 codes: approvals.service.ts).
   */
  app.post('/delegations', { config: delegate, schema: { body: createDelegationInput, response: { 200: delegation, ...errors } } }, async (request) =>
    service.createDelegation(deps, requireUser(request), service.windowOfDays(request.body, deps.config.organisationTimeZone), new Date(), request.log),
  );
  /** POST /api/approvals/delegations/{id}/end → Delegation (404 not the caller's; 422 `delegationOver`). */
  app.post('/delegations/:id/end', { config: delegate, schema: { params: delegationIdParams, response: { 200: delegation, ...errors } } }, async (request) =>
    service.endDelegation(deps, requireUser(request), request.params.id, new Date(), request.log),
  );
}
