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
import { requestLanguage } from '../../lib/routes';
import { recordRoutes, registerRecordRoutes, sendJsonText, sendPdf } from '../../lib/records/record-routes';

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
  const route = recordRoutes(fastify);

  // --- Vendor invoices --------------------------------------------------------------------------

  /**
   * The record's skeleton (lib/records/record-routes.ts), under /api/finance/vendorInvoices:
   * - POST /grid VendorInvoiceListQuery → VendorInvoiceListResponse (the invoices the caller sees);
   * - POST /save SaveVendorInvoiceInput → VendorInvoiceDetail: create (DRAFT) or edit (author, DRAFT/RETURNED);
   * - GET /{id} → VendorInvoiceDetail; 404 unknown / deleted; 403 not visible;
   * - POST /{id}/comments { text, mentionedUserIds } → RecordComment.
   */
  registerRecordRoutes(fastify, {
    prefix: '/vendorInvoices',
    params: financeIdParams,
    detail: vendorInvoiceDetail,
    grid: {
      permission: 'finance.vendorInvoices',
      query: vendorInvoiceListQuery,
      response: vendorInvoiceListResponse,
      handle: (user, query) => service.listInvoices(deps, user, query),
    },
    save: {
      permission: 'finance.vendorInvoices.create',
      body: saveVendorInvoiceInput,
      handle: ({ user, body }) => service.saveInvoice(deps, user, body),
    },
    get: { permission: 'finance.vendorInvoices', handle: (user, id) => service.getDetail(deps, user, id) },
    comments: {
      permission: 'finance.vendorInvoices',
      body: addVendorInvoiceCommentInput,
      response: recordComment,
      handle: ({ user, params, body }) => service.addComment(deps, user, params.id, body),
    },
  });

  /**
   * GET /api/finance/vendorInvoices/orderDetail?codeOrId= → FinanceOrderDetail (the equipment order):
   * its title and status only to who may open the order, its id and number to who may write
   * invoices; 404 otherwise and for none (issue #42, finance.lists orderDetail).
   */
  route.get(
    '/vendorInvoices/orderDetail',
    { permission: 'finance.vendorInvoices', query: orderDetailQuery, response: financeOrderDetail },
    async ({ user, query }) => service.orderDetail(deps, user, query.codeOrId),
  );

  /** GET /api/finance/vendorInvoices/transportNumbers?search= → string[] (transport numbers used on the invoices the caller may see). */
  route.get(
    '/vendorInvoices/transportNumbers',
    { permission: 'finance.vendorInvoices', query: financeSearchQuery, response: transportNumbersResponse },
    async ({ user, query }) => service.transportNumbers(deps, user, query.search),
  );

  /** GET /api/finance/vendorInvoices/materials?search= → VendorInvoiceMaterial[] (the lines' picker; past descriptions from the invoices the caller may see). */
  route.get(
    '/vendorInvoices/materials',
    { permission: 'finance.vendorInvoices', query: financeSearchQuery, response: vendorInvoiceMaterialsResponse },
    async ({ user, query }) => service.materials(deps, user, query.search),
  );

  /** GET /api/finance/vendors?search= → active vendors (modal elements of kind vendor) for the invoice form. */
  route.get(
    '/vendors',
    { permission: 'finance.vendorInvoices', query: financeSearchQuery, response: financeVendorsResponse },
    async ({ query }) => repo.searchVendors(deps.db, query.search),
  );

  /**
   * POST /api/finance/vendorInvoices/{id}/nextProcess { action, comment?, received? } →
   * VendorInvoiceDetail: submit, approve (warehouse check / director), reject, return, cancel.
   */
  route.post(
    '/vendorInvoices/:id/nextProcess',
    { permission: 'finance.vendorInvoices', params: financeIdParams, body: vendorInvoiceNextProcessInput, response: vendorInvoiceDetail },
    async ({ user, params, body }) => service.nextProcess(deps, user, params.id, body),
  );

  /** POST /api/finance/vendorInvoices/{id}/delete → { ok }: the author deletes a DRAFT; 422 otherwise. */
  route.post(
    '/vendorInvoices/:id/delete',
    { permission: 'finance.vendorInvoices.delete', params: financeIdParams, response: okResponse },
    async ({ user, params }) => {
      await service.deleteInvoice(deps, user, params.id);
      return { ok: true as const };
    },
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
      return sendPdf(reply, pdf, `cover-list-${detail.invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`, { noStore: true });
    },
  );

  // --- Accounting pool --------------------------------------------------------------------------

  /** POST /api/finance/accountingPool/grid AccountingPoolListQuery → VendorInvoiceListResponse (invoices in the pool). */
  route.post(
    '/accountingPool/grid',
    { permission: 'finance.accountingPool', body: accountingPoolListQuery, response: vendorInvoiceListResponse },
    async ({ user, body, reply }) => sendJsonText(reply, await service.listPool(deps, user, body)),
  );

  /** POST /api/finance/accountingPool/{id}/take → VendorInvoiceDetail; 409 `alreadyTaken`. */
  route.post(
    '/accountingPool/:id/take',
    { permission: 'finance.accountingPool.take', params: financeIdParams, response: vendorInvoiceDetail },
    async ({ user, params }) => service.take(deps, user, params.id),
  );

  /** POST /api/finance/accountingPool/{id}/post { paidDate, paymentReference, comment? } → VendorInvoiceDetail (PAID). */
  route.post(
    '/accountingPool/:id/post',
    { permission: 'finance.accountingPool.post', params: financeIdParams, body: accountingPoolPostInput, response: vendorInvoiceDetail },
    async ({ user, params, body }) => service.post(deps, user, params.id, body),
  );

  /** POST /api/finance/accountingPool/{id}/return { comment } → VendorInvoiceDetail (RETURNED to its author). */
  route.post(
    '/accountingPool/:id/return',
    { permission: 'finance.accountingPool.return', params: financeIdParams, body: accountingPoolReturnInput, response: vendorInvoiceDetail },
    async ({ user, params, body }) => service.poolReturn(deps, user, params.id, body.comment),
  );

  // --- E-invoices --------------------------------------------------------------------------------

  /** POST /api/finance/eInvoices/grid EInvoiceListQuery → EInvoiceListResponse (a matched invoice's id and number only to who may open it, issue #42). */
  route.post(
    '/eInvoices/grid',
    { permission: 'finance.eInvoices', body: eInvoiceListQuery, response: eInvoiceListResponse },
    async ({ user, body, reply }) => sendJsonText(reply, await listForCaller(deps, user, body)),
  );

  /** POST /api/finance/eInvoices/preview { fileName, xml } → EInvoiceImportResult (nothing saved); 422 malformed file. */
  route.post(
    '/eInvoices/preview',
    { permission: 'finance.eInvoices.import', bodyLimit: XML_BODY_LIMIT, body: eInvoiceImportInput, response: eInvoiceImportResult },
    // No small heap (process-memory.ts) any more: the file's tree is built in the parsing job's worker (issue #42).
    async ({ user, body }) => forCaller(deps, user, await einvoices.preview(deps, body)),
  );

  /** POST /api/finance/eInvoices/import { fileName, xml } → EInvoiceImportResult; the same file twice changes nothing. */
  route.post(
    '/eInvoices/import',
    { permission: 'finance.eInvoices.import', bodyLimit: XML_BODY_LIMIT, body: eInvoiceImportInput, response: eInvoiceImportResult },
    async ({ user, body }) => forCaller(deps, user, await einvoices.importFile(deps, user, body)),
  );

  /** GET /api/finance/eInvoices/{id} → EInvoiceDetail (the matched invoice's id, number and differences only to who may open it, issue #42); 404. */
  route.get(
    '/eInvoices/:id',
    { permission: 'finance.eInvoices', params: financeIdParams, response: eInvoiceDetail },
    async ({ user, params }) => detailForCaller(deps, user, params.id),
  );

  /**
   * POST /api/finance/eInvoices/{id}/match { vendorInvoiceId | null } → EInvoiceDetail; 404 for a vendor
   * invoice the caller may not open (issue #42, e-invoices.match.ts); 422 `vendorMismatch`.
   */
  route.post(
    '/eInvoices/:id/match',
    { permission: 'finance.eInvoices.match', params: financeIdParams, body: eInvoiceMatchInput, response: eInvoiceDetail },
    async ({ user, params, body }) => matchEInvoice(deps, user, params.id, body.vendorInvoiceId),
  );

  /**
   * POST /api/finance/eInvoices/{id}/createVendorInvoice { vendorId?, confirmDuplicate? } →
   * VendorInvoiceDetail: a DRAFT vendor invoice with the e-invoice's lines, linked to it. 409
   * `eInvoiceAlreadyLinked` (its details.vendorInvoiceId only to who may open that invoice, e-invoices.match.ts),
   * `duplicateInvoiceNumber`, `possibleDuplicateInvoice`; 422 `vendorRequired`, `vendorMismatch`.
   */
  route.post(
    '/eInvoices/:id/createVendorInvoice',
    { permission: 'finance.vendorInvoices.create', params: financeIdParams, body: eInvoiceCreateInvoiceInput, response: vendorInvoiceDetail },
    async ({ user, params, body }) => createVendorInvoiceForCaller(deps, user, params.id, body),
  );

  // --- Dashboard ----------------------------------------------------------------------------------

  /** GET /api/finance/dashboard → FinanceDashboard (pool, my step, paid per month). */
  route.get(
    '/dashboard',
    { permission: 'finance.vendorInvoices', response: financeDashboard },
    async ({ user }) => service.dashboard(deps, user),
  );
}
