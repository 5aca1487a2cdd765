import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingPoolListQuery,
  accountingPoolPostInput,
  accountingPoolReturnInput,
  addVendorInvoiceCommentInput,
  eInvoiceCreateInvoiceInput,
  eInvoiceDetail,
  eInvoiceImportInput,
  eInvoiceImportResult,
  eInvoiceListQuery,
  eInvoiceListResponse,
  eInvoiceMatchInput,
  financeDashboard,
  financeIdParams,
  financeOrderDetail,
  financeSearchQuery,
  financeVendorsResponse,
  okResponse,
  orderDetailQuery,
  recordComment,
  saveVendorInvoiceInput,
  transportNumbersResponse,
  vendorInvoiceDetail,
  vendorInvoiceListQuery,
  vendorInvoiceListResponse,
  vendorInvoiceMaterialsResponse,
  vendorInvoiceNextProcessInput,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { approvalState } from '../../lib/approvals/engine';
import { renderCoverList } from './cover-list.pdf';
import * as einvoices from './e-invoices.service';
import { createVendorInvoiceForCaller, detailForCaller, forCaller, listForCaller, matchEInvoice } from './e-invoices.match';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import * as service from './finance.service';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';

const errors = recordRouteErrors;
const lang = requestLanguage;
/** A JSON body of the XML calls may hold a 5,000,000-character file (escaped: up to ~2× the bytes). */
const XML_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * /api/finance/* (issue #16; SPEC §7 catalogue: vendor invoices — save, next process, print cover
 * list, delete, order detail by code or id, transport numbers; accounting pool; vendor invoice
 * materials; e-invoices). Each route names its action key (seed/catalog.ts); record checks run in
 * the services. Registers the record rule, attachments' access and the engine kind.
 */
export async function financeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerFinance();

  // --- Vendor invoices --------------------------------------------------------------------------

  /** POST /api/finance/vendorInvoices/grid VendorInvoiceListQuery → VendorInvoiceListResponse (the invoices the caller sees). */
  app.post(
    '/vendorInvoices/grid',
    { config: { permission: 'finance.vendorInvoices' }, schema: { body: vendorInvoiceListQuery, response: { 200: vendorInvoiceListResponse, ...errors } } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await service.listInvoices(deps, requireUser(request), request.body)),
  );

  /** POST /api/finance/vendorInvoices/save SaveVendorInvoiceInput → VendorInvoiceDetail: create (DRAFT) or edit (author, DRAFT/RETURNED). */
  app.post(
    '/vendorInvoices/save',
    { config: { permission: 'finance.vendorInvoices.create' }, schema: { body: saveVendorInvoiceInput, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.saveInvoice(deps, requireUser(request), request.body),
  );

  /**
   * GET /api/finance/vendorInvoices/orderDetail?codeOrId= → FinanceOrderDetail (the equipment order):
   * its title and status only to who may open the order, its id and number to who may write
   * invoices; 404 otherwise and for none (issue #42, finance.lists orderDetail).
   */
  app.get(
    '/vendorInvoices/orderDetail',
    { config: { permission: 'finance.vendorInvoices' }, schema: { querystring: orderDetailQuery, response: { 200: financeOrderDetail, ...errors } } },
    async (request) => service.orderDetail(deps, requireUser(request), request.query.codeOrId),
  );

  /** GET /api/finance/vendorInvoices/transportNumbers?search= → string[] (transport numbers used on the invoices the caller may see). */
  app.get(
    '/vendorInvoices/transportNumbers',
    { config: { permission: 'finance.vendorInvoices' }, schema: { querystring: financeSearchQuery, response: { 200: transportNumbersResponse, ...errors } } },
    async (request) => service.transportNumbers(deps, requireUser(request), request.query.search),
  );

  /** GET /api/finance/vendorInvoices/materials?search= → VendorInvoiceMaterial[] (the lines' picker; past descriptions from the invoices the caller may see). */
  app.get(
    '/vendorInvoices/materials',
    { config: { permission: 'finance.vendorInvoices' }, schema: { querystring: financeSearchQuery, response: { 200: vendorInvoiceMaterialsResponse, ...errors } } },
    async (request) => service.materials(deps, requireUser(request), request.query.search),
  );

  /** GET /api/finance/vendors?search= → active vendors (modal elements of kind vendor) for the invoice form. */
  app.get(
    '/vendors',
    { config: { permission: 'finance.vendorInvoices' }, schema: { querystring: financeSearchQuery, response: { 200: financeVendorsResponse, ...errors } } },
    async (request) => repo.searchVendors(deps.db, request.query.search),
  );

  /** GET /api/finance/vendorInvoices/{id} → VendorInvoiceDetail; 404 unknown / deleted; 403 not visible. */
  app.get(
    '/vendorInvoices/:id',
    { config: { permission: 'finance.vendorInvoices' }, schema: { params: financeIdParams, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.getDetail(deps, requireUser(request), request.params.id),
  );

  /**
   * POST /api/finance/vendorInvoices/{id}/nextProcess { action, comment?, received? } →
   * VendorInvoiceDetail: submit, approve (warehouse check / director), reject, return, cancel.
   */
  app.post(
    '/vendorInvoices/:id/nextProcess',
    { config: { permission: 'finance.vendorInvoices' }, schema: { params: financeIdParams, body: vendorInvoiceNextProcessInput, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.nextProcess(deps, requireUser(request), request.params.id, request.body),
  );

  /** POST /api/finance/vendorInvoices/{id}/delete → { ok }: the author deletes a DRAFT; 422 otherwise. */
  app.post(
    '/vendorInvoices/:id/delete',
    { config: { permission: 'finance.vendorInvoices.delete' }, schema: { params: financeIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await service.deleteInvoice(deps, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  /** POST /api/finance/vendorInvoices/{id}/comments { text, mentionedUserIds } → RecordComment. */
  app.post(
    '/vendorInvoices/:id/comments',
    { config: { permission: 'finance.vendorInvoices' }, schema: { params: financeIdParams, body: addVendorInvoiceCommentInput, response: { 200: recordComment, ...errors } } },
    async (request) => service.addComment(deps, requireUser(request), request.params.id, request.body),
  );

  /** GET /api/finance/vendorInvoices/{id}/coverList → application/pdf: the cover list (invoice, lines, totals, the chain's signatures). */
  app.get(
    '/vendorInvoices/:id/coverList',
    {
      config: {
        permission: 'finance.vendorInvoices',
        openapi: { response: { 200: { description: 'The cover list PDF.', content: { 'application/pdf': { schema: z.file() } } } } },
      },
      schema: { params: financeIdParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const detail = await service.getDetail(deps, user, request.params.id);
      const approval = await approvalState(deps, user, VENDOR_INVOICE_KIND, detail.invoice.id).catch(() => null);
      const pdf = await renderCoverList(detail, approval, lang(request));
      const name = `cover-list-${detail.invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // --- Accounting pool --------------------------------------------------------------------------

  /** POST /api/finance/accountingPool/grid AccountingPoolListQuery → VendorInvoiceListResponse (invoices in the pool). */
  app.post(
    '/accountingPool/grid',
    { config: { permission: 'finance.accountingPool' }, schema: { body: accountingPoolListQuery, response: { 200: vendorInvoiceListResponse, ...errors } } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await service.listPool(deps, requireUser(request), request.body)),
  );

  /** POST /api/finance/accountingPool/{id}/take → VendorInvoiceDetail; 409 `alreadyTaken`. */
  app.post(
    '/accountingPool/:id/take',
    { config: { permission: 'finance.accountingPool.take' }, schema: { params: financeIdParams, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.take(deps, requireUser(request), request.params.id),
  );

  /** POST /api/finance/accountingPool/{id}/post { paidDate, paymentReference, comment? } → VendorInvoiceDetail (PAID). */
  app.post(
    '/accountingPool/:id/post',
    { config: { permission: 'finance.accountingPool.post' }, schema: { params: financeIdParams, body: accountingPoolPostInput, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.post(deps, requireUser(request), request.params.id, request.body),
  );

  /** POST /api/finance/accountingPool/{id}/return { comment } → VendorInvoiceDetail (RETURNED to its author). */
  app.post(
    '/accountingPool/:id/return',
    { config: { permission: 'finance.accountingPool.return' }, schema: { params: financeIdParams, body: accountingPoolReturnInput, response: { 200: vendorInvoiceDetail, ...errors } } },
    async (request) => service.poolReturn(deps, requireUser(request), request.params.id, request.body.comment),
  );

  // --- E-invoices --------------------------------------------------------------------------------

  /** POST /api/finance/eInvoices/grid EInvoiceListQuery → EInvoiceListResponse (a matched invoice's id and number only to who may open it, issue #42). */
  app.post(
    '/eInvoices/grid',
    { config: { permission: 'finance.eInvoices' }, schema: { body: eInvoiceListQuery, response: { 200: eInvoiceListResponse, ...errors } } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await listForCaller(deps, requireUser(request), request.body)),
  );

  /** POST /api/finance/eInvoices/preview { fileName, xml } → EInvoiceImportResult (nothing saved); 422 malformed file. */
  app.post(
    '/eInvoices/preview',
    { bodyLimit: XML_BODY_LIMIT, config: { permission: 'finance.eInvoices.import' }, schema: { body: eInvoiceImportInput, response: { 200: eInvoiceImportResult, ...errors } } },
    // No small heap (process-memory.ts) any more: the file's tree is built in the parsing job's worker (issue #42).
    async (request) => forCaller(deps, requireUser(request), await einvoices.preview(deps, request.body)),
  );

  /** POST /api/finance/eInvoices/import { fileName, xml } → EInvoiceImportResult; the same file twice changes nothing. */
  app.post(
    '/eInvoices/import',
    { bodyLimit: XML_BODY_LIMIT, config: { permission: 'finance.eInvoices.import' }, schema: { body: eInvoiceImportInput, response: { 200: eInvoiceImportResult, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return forCaller(deps, user, await einvoices.importFile(deps, user, request.body));
    },
  );

  /** GET /api/finance/eInvoices/{id} → EInvoiceDetail (the matched invoice's id, number and differences only to who may open it, issue #42); 404. */
  app.get(
    '/eInvoices/:id',
    { config: { permission: 'finance.eInvoices' }, schema: { params: financeIdParams, response: { 200: eInvoiceDetail, ...errors } } },
    async (request) => detailForCaller(deps, requireUser(request), request.params.id),
  );

  /**
   * POST /api/finance/eInvoices/{id}/match { vendorInvoiceId | null } → EInvoiceDetail; 404 for a vendor
   * invoice the caller may not open (issue #42, e-invoices.match.ts); 422 `vendorMismatch`.
   */
  app.post(
    '/eInvoices/:id/match',
    { config: { permission: 'finance.eInvoices.match' }, schema: { params: financeIdParams, body: eInvoiceMatchInput, response: { 200: eInvoiceDetail, ...errors } } },
    async (request) => matchEInvoice(deps, requireUser(request), request.params.id, request.body.vendorInvoiceId),
  );

  /**
   * POST /api/finance/eInvoices/{id}/createVendorInvoice { vendorId?, confirmDuplicate? } →
   * VendorInvoiceDetail: a DRAFT vendor invoice with the e-invoice's lines, linked to it. 409
   * `eInvoiceAlreadyLinked` (its details.vendorInvoiceId only to who may open that invoice, e-invoices.match.ts),
   * `duplicateInvoiceNumber`, `possibleDuplicateInvoice`; 422 `vendorRequired`, `vendorMismatch`.
   */
  app.post(
    '/eInvoices/:id/createVendorInvoice',
    {
      config: { permission: 'finance.vendorInvoices.create' },
      schema: { params: financeIdParams, body: eInvoiceCreateInvoiceInput, response: { 200: vendorInvoiceDetail, ...errors } },
    },
    async (request) => createVendorInvoiceForCaller(deps, requireUser(request), request.params.id, request.body),
  );

  // --- Dashboard ----------------------------------------------------------------------------------

  /** GET /api/finance/dashboard → FinanceDashboard (pool, my step, paid per month). */
  app.get('/dashboard', { config: { permission: 'finance.vendorInvoices' }, schema: { response: { 200: financeDashboard, ...errors } } }, async (request) =>
    service.dashboard(deps, requireUser(request)),
  );
}
