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
  type ContractListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { recordListCache } from '../../lib/lists/list-cache';
import { recordRouteErrors, registerDecisionRoutes, requestLanguage } from '../../lib/routes';
import { registerDeactivation } from '../global/deactivation';
import { registerModalElementUsage } from '../modalElements/modalElements.service';
import { registerContractAccess, mayViewContract } from './contracts.access';
import { registerContractApproval } from './contracts.approval';
import { scheduleContractsJob } from './contracts.jobs';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import { contractPdf } from './contracts.pdf';
import * as repo from './contracts.repository';
import * as service from './contracts.service';

const errors = recordRouteErrors;

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

  /** GET /api/contracts/reference → ContractReference: reviewers (contracts.visa holders), people, counterparties, currencies. */
  app.get(
    '/reference',
    {
      config: { permission: 'contracts' },
      schema: { response: { 200: contractReference, ...errors } },
    },
    async () => service.reference(deps),
  );

  /** GET /api/contracts/dashboard → { endingSoon, days }: ACTIVE contracts ending within 30 days the caller is responsible for (all, with viewAll). */
  app.get(
    '/dashboard',
    {
      config: { permission: 'contracts' },
      schema: { response: { 200: contractDashboard, ...errors } },
    },
    async (request) => service.dashboard(deps, requireUser(request)),
  );

  /**
   * GET /api/contracts/checkTin?tin=…&exceptId=… → { tin, valid, holder }: the TIN duplication
   * check (debounced as the user types): the vendor or contractor that already has the TIN, named.
   */
  app.get(
    '/checkTin',
    {
      config: { permission: 'contracts' },
      schema: {
        querystring: contractTinCheckQuery,
        response: { 200: contractTinCheck, ...errors },
      },
    },
    async (request) => service.checkTin(deps, request.query.tin, request.query.exceptId),
  );

  /** POST /api/contracts/grid ContractListQuery → ContractListResponse: one page of the visible contracts, filtered (JSON written by the database). */
  app.post(
    '/grid',
    {
      config: { permission: 'contracts' },
      schema: { body: contractListQuery, response: { 200: contractListResponse, ...errors } },
    },
    async (request, reply) => {
      const json = await service.listContracts(
        deps,
        requireUser(request),
        request.body,
        new Date(),
        listCache,
      );
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as ContractListResponse);
    },
  );

  /** POST /api/contracts/save SaveContractInput → ContractDetail: create a DRAFT, or edit one (its author, DRAFT/RETURNED). */
  app.post(
    '/save',
    {
      config: { permission: 'contracts.create' },
      schema: { body: saveContractInput, response: { 200: contractDetail, ...errors } },
    },
    async (request) => service.saveContract(deps, requireUser(request), request.body, request.log),
  );

  /** GET /api/contracts/{id} → ContractDetail; 404; 403 `notRecordParticipant`. */
  app.get(
    '/:id',
    {
      config: { permission: 'contracts' },
      schema: { params: contractIdParams, response: { 200: contractDetail, ...errors } },
    },
    async (request) => service.getDetail(deps, requireUser(request), request.params.id),
  );

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
      const bytes = await contractPdf(
        detail,
        requestLanguage(request),
      );
      const name = `${(detail.contract.number ?? `contract-${detail.contract.id}`).replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(bytes));
    },
  );

  /** POST /api/contracts/{id}/submit → ContractDetail: the author sends it into the chain (DRAFT/RETURNED → IN_APPROVAL). */
  app.post(
    '/:id/submit',
    {
      config: { permission: 'contracts.create' },
      schema: { params: contractIdParams, response: { 200: contractDetail, ...errors } },
    },
    async (request) =>
      service.submitContract(deps, requireUser(request), request.params.id, request.log),
  );

  /** POST /api/contracts/{id}/cancel { comment? } → ContractDetail: the author withdraws it (→ CANCELLED). */
  app.post(
    '/:id/cancel',
    {
      config: { permission: 'contracts.create' },
      schema: {
        params: contractIdParams,
        body: contractDecisionInput,
        response: { 200: contractDetail, ...errors },
      },
    },
    async (request) =>
      service.cancelContract(
        deps,
        requireUser(request),
        request.params.id,
        request.body.comment,
        request.log,
      ),
  );

  /**
   * The chain's decisions → ContractDetail: POST /api/contracts/{id}/visa { comment? } (a named
   * reviewer endorses it; the visa step completes when every reviewer did), …/lawyerCallback
   * { comment? } (the lawyer approves: on to the clerk), …/lawyerReject { comment } (back to the
   * author, comment ≥ 10 characters), …/clerkProcess { comment? } (the clerk registers it: the
   * registry number, ACTIVE).
   */
  registerDecisionRoutes(fastify, {
    prefix: '',
    params: contractIdParams,
    response: contractDetail,
    calls: {
      visa: { permission: 'contracts.visa', body: contractDecisionInput },
      lawyerCallback: { permission: 'contracts.lawyerReject', body: contractDecisionInput },
      lawyerReject: { permission: 'contracts.lawyerReject', body: contractRejectInput },
      clerkProcess: { permission: 'contracts.clerkProcess', body: contractDecisionInput },
    },
    decide: ({ user, id, call, body, log }) => service.decideStage(deps, user, id, call, body.comment, log),
  });

  /** POST /api/contracts/{id}/deactivate { desc } → { ok }: ACTIVE → DEACTIVATED with the reason (as deactivateElement type `contract`). */
  app.post(
    '/:id/deactivate',
    {
      config: { permission: 'contracts.deactivate' },
      schema: {
        params: contractIdParams,
        body: contractDeactivateInput,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await service.deactivateContract(
        deps,
        requireUser(request),
        request.params.id,
        request.body.desc,
        request.log,
      );
      return { ok: true as const };
    },
  );

  /** POST /api/contracts/{id}/renew → ContractDetail of the next term (a DRAFT by the caller, linked to this one). */
  app.post(
    '/:id/renew',
    {
      config: { permission: 'contracts.create' },
      schema: { params: contractIdParams, response: { 200: contractDetail, ...errors } },
    },
    async (request) =>
      service.renewContract(deps, requireUser(request), request.params.id, request.log),
  );
}
