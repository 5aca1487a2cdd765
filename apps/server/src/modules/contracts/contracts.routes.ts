import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contractDashboard,
  contractDeactivateInput,
  contractDecisionInput,
  contractDetail,
  contractIdParams,
  contractListQuery,
  contractListResponse,
  contractReference,
  contractRejectInput,
  contractTinCheck,
  contractTinCheckQuery,
  okResponse,
  saveContractInput,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { recordListCache } from '../../lib/lists/list-cache';
import { requestLanguage } from '../../lib/routes';
import { recordRoutes, registerRecordRoutes, sendPdf } from '../../lib/records/record-routes';
import { registerDeactivation } from '../global/deactivation';
import { registerModalElementUsage } from '../modalElements/modalElements.service';
import { registerContractAccess, mayViewContract } from './contracts.access';
import { registerContractApproval } from './contracts.approval';
import { scheduleContractsJob } from './contracts.jobs';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import { contractPdf } from './contracts.pdf';
import * as repo from './contracts.repository';
import * as service from './contracts.service';

/**
 * /api/contracts/* (issue #14; SPEC §7 "contracts (save, visa, lawyer reject and callback, clerk
 * process, TIN duplication check, deactivate)"). Every route names its action key in
 * `config.permission` (an employee without `contracts` gets 403 on every one); record checks —
 * who sees a contract, the author, the pending stage's approver — run in the service. Also
 * registers the record rule, the attachments' access, the kind on the approval engine, the
 * `contract` type of deactivateElement, counterparty usage (a vendor with contracts cannot be
 * removed), the daily job and the grid's page cache.
 */
export async function contractRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  registerContractAccess();
  registerContractApproval(service.afterEngineChange, mayViewContract);
  registerDeactivation('contract', {
    actionKey: 'contracts.deactivate',
    deactivate: ({ deps: d, actor, id, reason }) =>
      service.deactivateContract(d, actor, id, reason),
  });
  for (const kind of ['vendor', 'contractor'] as const)
    registerModalElementUsage(kind, 'contracts', (d, id) => repo.countByCounterparty(d.db, id));
  scheduleContractsJob(fastify);
  const { cache: listCache, stop } = recordListCache(
    deps,
    CONTRACT_RECORD_KIND,
    deps.config.helpdeskListCacheMs,
  );
  fastify.addHook('onClose', async () => stop());

  const route = recordRoutes(fastify);

  /** GET /api/contracts/reference → ContractReference: reviewers (contracts.visa holders), people, counterparties, currencies. */
  route.get('/reference', { permission: 'contracts', response: contractReference }, async () => service.reference(deps));

  /** GET /api/contracts/dashboard → { endingSoon, days }: ACTIVE contracts ending within 30 days the caller is responsible for (all, with viewAll). */
  route.get('/dashboard', { permission: 'contracts', response: contractDashboard }, async ({ user }) =>
    service.dashboard(deps, user),
  );

  /**
   * GET /api/contracts/checkTin?tin=…&exceptId=… → { tin, valid, holder }: the TIN duplication
   * check (debounced as the user types): the vendor or contractor that already has the TIN, named.
   */
  route.get(
    '/checkTin',
    { permission: 'contracts', query: contractTinCheckQuery, response: contractTinCheck },
    async ({ query }) => service.checkTin(deps, query.tin, query.exceptId),
  );

  /**
   * The record's skeleton (lib/records/record-routes.ts), under /api/contracts:
   * - POST /grid ContractListQuery → ContractListResponse: one page of the visible contracts, filtered (JSON written by the database);
   * - POST /save SaveContractInput → ContractDetail: create a DRAFT, or edit one (its author, DRAFT/RETURNED);
   * - GET /{id} → ContractDetail; 404; 403 `notRecordParticipant`;
   * - POST /{id}/submit → ContractDetail: the author sends it into the chain (DRAFT/RETURNED → IN_APPROVAL);
   * - POST /{id}/cancel { comment? } → ContractDetail: the author withdraws it (→ CANCELLED);
   * - the chain's decisions → ContractDetail: POST /{id}/visa { comment? } (a named reviewer
   *   endorses it; the visa step completes when every reviewer did), …/lawyerCallback { comment? }
   *   (the lawyer approves: on to the clerk), …/lawyerReject { comment } (back to the author,
   *   comment ≥ 10 characters), …/clerkProcess { comment? } (the clerk registers it: the registry
   *   number, ACTIVE).
   */
  registerRecordRoutes(fastify, {
    prefix: '',
    params: contractIdParams,
    detail: contractDetail,
    grid: {
      permission: 'contracts',
      query: contractListQuery,
      response: contractListResponse,
      handle: (user, query) => service.listContracts(deps, user, query, new Date(), listCache),
    },
    save: {
      permission: 'contracts.create',
      body: saveContractInput,
      handle: ({ user, body, log }) => service.saveContract(deps, user, body, log),
    },
    get: { permission: 'contracts', handle: (user, id) => service.getDetail(deps, user, id) },
    submit: {
      permission: 'contracts.create',
      handle: ({ user, params, log }) => service.submitContract(deps, user, params.id, log),
    },
    cancel: {
      permission: 'contracts.create',
      body: contractDecisionInput,
      handle: ({ user, params, body, log }) => service.cancelContract(deps, user, params.id, body.comment, log),
    },
    decisions: {
      calls: {
        visa: { permission: 'contracts.visa', body: contractDecisionInput },
        lawyerCallback: { permission: 'contracts.lawyerReject', body: contractDecisionInput },
        lawyerReject: { permission: 'contracts.lawyerReject', body: contractRejectInput },
        clerkProcess: { permission: 'contracts.clerkProcess', body: contractDecisionInput },
      },
      decide: ({ user, id, call, body, log }) => service.decideStage(deps, user, id, call, body.comment, log),
    },
  });

  /** GET /api/contracts/{id}/pdf → the summary sheet (application/pdf, A4). 404; 403. */
  app.get(
    '/:id/pdf',
    {
      config: {
        permission: 'contracts',
        openapi: {
          summary: 'The contract summary sheet as a PDF',
          response: {
            200: { description: 'The PDF (A4, in the caller’s language).', content: { 'application/pdf': { schema: z.file() } } },
          },
        },
      },
      schema: { params: contractIdParams },
    },
    async (request, reply) => {
      const detail = await service.getDetail(deps, requireUser(request), request.params.id);
      const bytes = await contractPdf(detail, requestLanguage(request));
      const name = `${(detail.contract.number ?? `contract-${detail.contract.id}`).replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
      return sendPdf(reply, Buffer.from(bytes), name);
    },
  );

  /** POST /api/contracts/{id}/deactivate { desc } → { ok }: ACTIVE → DEACTIVATED with the reason (as deactivateElement type `contract`). */
  route.post(
    '/:id/deactivate',
    { permission: 'contracts.deactivate', params: contractIdParams, body: contractDeactivateInput, response: okResponse },
    async ({ user, params, body, log }) => {
      await service.deactivateContract(deps, user, params.id, body.desc, log);
      return { ok: true as const };
    },
  );

  /** POST /api/contracts/{id}/renew → ContractDetail of the next term (a DRAFT by the caller, linked to this one). */
  route.post(
    '/:id/renew',
    { permission: 'contracts.create', params: contractIdParams, response: contractDetail },
    async ({ user, params, log }) => service.renewContract(deps, user, params.id, log),
  );
}
