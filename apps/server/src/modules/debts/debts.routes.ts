import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDebtCommentInput,
  apiError,
  currencyRateImportResult,
  currencyRateList,
  currencyRateQuery,
  currencyRate,
  debtAgeing,
  debtAgeingAll,
  debtAgeingQuery,
  dunningLetterQuery,
  saveCurrencyRateInput,
  debtComment,
  debtEntryList,
  debtGroup,
  debtGroupList,
  debtGroupAssignInput,
  debtGroupInput,
  debtIdParams,
  debtListQuery,
  debtListResponse,
  debtPaymentType,
  debtPaymentTypeList,
  debtPaymentTypeInput,
  debtReportDetail,
  debtStatusInput,
  debtYearQuery,
  debtYearlyData,
  importResult,
  importSummaryList,
  wagonDetail,
  wagonListQuery,
  wagonListResponse,
  wagonParams,
  wagonRowList,
  wagonsByNumbersInput,
  type DebtListResponse,
  type ImportResult,
  type WagonListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { readUploadParts, registerUploads } from '../../lib/upload';
import { badRequest } from '../../lib/errors';
import { registerModalElementUsage } from '../modalElements/modalElements.service';
import type { AppDeps, AuthUser } from '../../types';
import { runImport, type ImportSpec } from './debts.import';
import { oneCImport } from './debts.onec';
import { dislocationImport } from './debts.dislocation';
import * as service from './debts.service';
import * as rates from './debts.rates';
import { renderDunningLetter } from './debts.dunning.pdf';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';
import { sendPdf } from '../../lib/records/record-routes';
import { withSmallHeap } from '../../process-memory';

const errors = { ...recordRouteErrors, 413: apiError };
/** Largest rates file (CBAR's daily XML is ~6 KB). */
const RATES_FILE_MAX_BYTES = 1024 * 1024;

/** The multipart form of the import calls, for /api/openapi.json only (the route reads the part itself). */
const csvForm = {
  consumes: ['multipart/form-data'],
  body: z.object({ file: z.file().describe('The CSV file (one part; UTF-8, UTF-8 with BOM or Windows-1251; ; , or TAB separated); at most UPLOAD_MAX_MB.') }),
};

/** The bytes of `stream` in one ArrayBuffer of their own (so that it can be moved to a worker thread). */
async function ownedBytes(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Reads the one file part of a multipart request (the shared reader, lib/upload.ts) and runs
 * `spec` (debts.import.ts) over its bytes — read as CSV in a worker thread, so other requests are
 * served meanwhile (issue #42): a preview (`commit` false) or the import. 400 `noFiles` (not
 * multipart, no file), `tooManyFiles`, `malformedMultipart`, `emptyFile`, `missingColumns`,
 * `malformedCsv`; 413 `fileTooLarge` (over UPLOAD_MAX_MB), `workInputTooLarge`; 422
 * `workTimedOut`, `workOutOfMemory` (the worker passed its limits); 503 `workBusy`. On any of them
 * the import's transaction is rolled back: nothing of the file is kept.
 */
async function importUpload<I, E>(deps: AppDeps, request: FastifyRequest, user: AuthUser, spec: ImportSpec<I, E>, commit: boolean): Promise<ImportResult> {
  let file: { name: string; bytes: Uint8Array } | null = null;
  await readUploadParts(request, { maxBytes: deps.config.uploadMaxTotalBytes, maxFiles: 1 }, {
    async file(part) {
      file = { name: part.filename.slice(0, 255) || 'import.csv', bytes: await ownedBytes(part.stream) };
    },
  });
  if (!file) throw badRequest('noFiles', 'No file was sent.');
  const upload: { name: string; bytes: Uint8Array } = file;
  return withSmallHeap(() => runImport(deps.db, user, spec, upload, commit));
}

const json = <T>(text: string) => text as unknown as T;

/**
 * /api/debtReports/* (issue #17; SPEC §7 "debt reports (comments, payment history, yearly data,
 * status update, 1C data, groups)"). Keys: `finance.debtReports` (read), `.comment`,
 * `.updateStatus`, `.import1C`, `.manage` (groups, payment types, a counterparty's group).
 */
export async function debtReportRoutes(fastify: FastifyInstance): Promise<void> {
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  registerModalElementUsage('vendor', 'debtReports', service.entryCount);
  registerModalElementUsage('contractor', 'debtReports', service.entryCount);
  const read = { permission: 'finance.debtReports' };

  /** POST /api/debtReports/grid DebtListQuery → DebtListResponse (counterparties with a report: balances in minor units). */
  app.post('/grid', { config: read, schema: { body: debtListQuery, response: { 200: debtListResponse, ...errors } } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(json<DebtListResponse>(await service.listReports(deps, request.body))),
  );

  /** GET /api/debtReports/groups → DebtGroup[] (debt-report groups with their counterparty counts). */
  app.get('/groups', { config: read, schema: { response: { 200: debtGroupList, ...errors } } }, async () => service.listGroups(deps));
  /** POST /api/debtReports/groups DebtGroupInput → DebtGroup; 409 `nameTaken`. */
  app.post('/groups', { config: { permission: 'finance.debtReports.manage' }, schema: { body: debtGroupInput, response: { 200: debtGroup, ...errors } } }, async (request) =>
    service.saveGroup(deps, null, request.body),
  );
  /** PUT /api/debtReports/groups/{id} DebtGroupInput → DebtGroup; 404; 409 `nameTaken`. */
  app.put('/groups/:id', { config: { permission: 'finance.debtReports.manage' }, schema: { params: debtIdParams, body: debtGroupInput, response: { 200: debtGroup, ...errors } } }, async (request) =>
    service.saveGroup(deps, request.params.id, request.body),
  );

  /** GET /api/debtReports/paymentTypes → DebtPaymentType[] (the "debt-report payment types" list screen). */
  app.get('/paymentTypes', { config: read, schema: { response: { 200: debtPaymentTypeList, ...errors } } }, async () => service.listPaymentTypes(deps));
  /** POST /api/debtReports/paymentTypes DebtPaymentTypeInput → DebtPaymentType; 409 `codeTaken`. */
  app.post('/paymentTypes', { config: { permission: 'finance.debtReports.manage' }, schema: { body: debtPaymentTypeInput, response: { 200: debtPaymentType, ...errors } } }, async (request) =>
    service.savePaymentType(deps, null, request.body),
  );
  /** PUT /api/debtReports/paymentTypes/{id} DebtPaymentTypeInput → DebtPaymentType; 404; 409 `codeTaken`. */
  app.put(
    '/paymentTypes/:id',
    { config: { permission: 'finance.debtReports.manage' }, schema: { params: debtIdParams, body: debtPaymentTypeInput, response: { 200: debtPaymentType, ...errors } } },
    async (request) => service.savePaymentType(deps, request.params.id, request.body),
  );

  /** POST /api/debtReports/1CData/preview (multipart `file`) → ImportResult: what the import would do per row; nothing is saved. */
  app.post('/1CData/preview', { config: { permission: 'finance.debtReports.import1C', openapi: csvForm }, schema: { response: { 200: importResult, ...errors } } }, async (request) =>
    importUpload(deps, request, requireUser(request), await oneCImport(deps.db), false),
  );
  /** POST /api/debtReports/1CData/import (multipart `file`) → ImportResult with `importId`: all rows in one transaction; the same file again changes nothing. */
  app.post('/1CData/import', { config: { permission: 'finance.debtReports.import1C', openapi: csvForm }, schema: { response: { 200: importResult, ...errors } } }, async (request) =>
    importUpload(deps, request, requireUser(request), await oneCImport(deps.db), true),
  );
  /** GET /api/debtReports/1CData/imports → ImportSummary[] (newest first, 100). */
  app.get('/1CData/imports', { config: read, schema: { response: { 200: importSummaryList, ...errors } } }, async () => service.listImports(deps, 'oneC'));

  /**
   * GET /api/debtReports/ageing?asOf=&groupId= → DebtAgeingAll: every counterparty (of the group)
   * aged in its currency, summed per currency and converted to AZN at the official rate of the
   * as-of date (the latest on or before it; a currency without one is named in `unconverted`).
   */
  app.get('/ageing', { config: read, schema: { querystring: debtAgeingQuery, response: { 200: debtAgeingAll, ...errors } } }, async (request) =>
    service.ageingOfAll(deps, request.query.asOf ?? service.bakuToday(), request.query.groupId),
  );

  // --- Official currency rates (issue #41) ------------------------------------------------------

  /** GET /api/debtReports/rates?from=&to=&currency= → CurrencyRate[] (default the last 31 days; newest first). */
  app.get('/rates', { config: read, schema: { querystring: currencyRateQuery, response: { 200: currencyRateList, ...errors } } }, async (request) =>
    rates.listRates(deps, request.query, service.bakuToday()),
  );
  /** PUT /api/debtReports/rates { currency, rateDate, rate, nominal, name } → CurrencyRate: the accountant's rate (replaces that date's). */
  app.put('/rates', { config: { permission: 'finance.debtReports.manage' }, schema: { body: saveCurrencyRateInput, response: { 200: currencyRate, ...errors } } }, async (request) =>
    rates.saveRate(deps, requireUser(request), request.body),
  );
  /**
   * POST /api/debtReports/rates/import (multipart `file`: the CBAR daily XML, at most 1 MB) →
   * CurrencyRateImportResult. 400 `noFiles`; 413 `fileTooLarge`; 422 `ratesFileInvalid` { line, reason } (nothing saved).
   */
  app.post(
    '/rates/import',
    {
      config: {
        permission: 'finance.debtReports.manage',
        openapi: { consumes: ['multipart/form-data'], body: z.object({ file: z.file().describe('The Central Bank of Azerbaijan daily rates XML (cbar.az/currencies/DD.MM.YYYY.xml).') }) },
      },
      schema: { response: { 200: currencyRateImportResult, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      let file: { fileName: string; xml: string } | undefined;
      await readUploadParts(request, { maxBytes: Math.min(deps.config.uploadMaxTotalBytes, RATES_FILE_MAX_BYTES), maxFiles: 1 }, {
        async file(part) {
          const chunks: Buffer[] = [];
          for await (const chunk of part.stream) chunks.push(chunk as Buffer);
          file = { fileName: part.filename.slice(0, 255) || 'rates.xml', xml: Buffer.concat(chunks).toString('utf8') };
        },
      });
      if (!file) throw badRequest('noFiles', 'No file was sent.');
      return rates.importRates(deps, user, file);
    },
  );

  /** GET /api/debtReports/{id} → DebtReportDetail (the counterparty's modal element id); 404. */
  app.get('/:id', { config: read, schema: { params: debtIdParams, response: { 200: debtReportDetail, ...errors } } }, async (request) => service.getDetail(deps, request.params.id));

  /** GET /api/debtReports/{id}/yearlyData?year= → DebtYearlyData (default the current year). */
  app.get('/:id/yearlyData', { config: read, schema: { params: debtIdParams, querystring: debtYearQuery, response: { 200: debtYearlyData, ...errors } } }, async (request) =>
    service.yearlyData(deps, request.params.id, request.query.year ?? Number(service.bakuToday().slice(0, 4))),
  );

  /** GET /api/debtReports/{id}/paymentHistory → DebtEntry[] (payments, newest first, with file and line). */
  app.get('/:id/paymentHistory', { config: read, schema: { params: debtIdParams, response: { 200: debtEntryList, ...errors } } }, async (request) =>
    service.paymentHistory(deps, request.params.id),
  );

  /** GET /api/debtReports/{id}/entries → DebtEntry[] (every entry, oldest first: how the balance is made). */
  app.get('/:id/entries', { config: read, schema: { params: debtIdParams, response: { 200: debtEntryList, ...errors } } }, async (request) => service.entries(deps, request.params.id));

  /** GET /api/debtReports/{id}/dunningLetter?asOf=&lang=az|en|ru → application/pdf: what the counterparty owes as of the date (default today, Baku; language default the caller's). 404. */
  app.get(
    '/:id/dunningLetter',
    {
      config: { ...read, openapi: { response: { 200: { description: 'The dunning letter PDF.', content: { 'application/pdf': { schema: z.file() } } } } } },
      schema: { params: debtIdParams, querystring: dunningLetterQuery },
    },
    async (request, reply) => {
      const asOf = request.query.asOf ?? service.bakuToday();
      const callerLang = requestLanguage(request);
      const lang = request.query.lang ?? (callerLang === 'tr' ? 'en' : callerLang);
      const detail = await service.getDetail(deps, request.params.id);
      const [ageing, entries] = await Promise.all([service.ageing(deps, request.params.id, asOf), service.entries(deps, request.params.id)]);
      const pdf = await renderDunningLetter({ counterparty: { name: detail.name, tin: detail.tin }, ageing, entries: entries.filter((e) => e.docDate <= asOf) }, lang);
      return sendPdf(reply, pdf, `dunning-${request.params.id}-${asOf}-${lang}.pdf`, { noStore: true });
    },
  );

  /** GET /api/debtReports/{id}/ageing?asOf= → DebtAgeing (default today, Baku). */
  app.get('/:id/ageing', { config: read, schema: { params: debtIdParams, querystring: debtAgeingQuery, response: { 200: debtAgeing, ...errors } } }, async (request) =>
    service.ageing(deps, request.params.id, request.query.asOf ?? service.bakuToday()),
  );

  /** POST /api/debtReports/{id}/status { status, comment? } → DebtReportDetail; 422 `statusUnchanged` / `commentRequired` (write-off); 409 `reportChanged`. */
  app.post(
    '/:id/status',
    { config: { permission: 'finance.debtReports.updateStatus' }, schema: { params: debtIdParams, body: debtStatusInput, response: { 200: debtReportDetail, ...errors } } },
    async (request) => service.updateStatus(deps, requireUser(request), request.params.id, request.body, request.log),
  );

  /** POST /api/debtReports/{id}/group { groupId } → DebtReportDetail; 422 `unknownGroup`. */
  app.post(
    '/:id/group',
    { config: { permission: 'finance.debtReports.manage' }, schema: { params: debtIdParams, body: debtGroupAssignInput, response: { 200: debtReportDetail, ...errors } } },
    async (request) => service.assignGroup(deps, requireUser(request), request.params.id, request.body.groupId, request.log),
  );

  /** POST /api/debtReports/{id}/comments { text, mentionedUserIds } → DebtComment; the mentioned are notified live. */
  app.post(
    '/:id/comments',
    { config: { permission: 'finance.debtReports.comment' }, schema: { params: debtIdParams, body: addDebtCommentInput, response: { 200: debtComment, ...errors } } },
    async (request) => service.addComment(deps, requireUser(request), request.params.id, request.body, request.log),
  );
}

/**
 * /api/dislocation/* (issue #17; SPEC §7 "dislocation (wagons status)"). Keys:
 * `finance.debtReports.dislocation` (read), `.dislocationImport` (preview and import).
 */
export async function dislocationRoutes(fastify: FastifyInstance): Promise<void> {
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const read = { permission: 'finance.debtReports.dislocation' };

  /** POST /api/dislocation/wagons/grid WagonListQuery → WagonListResponse (each wagon's latest sighting). */
  app.post('/wagons/grid', { config: read, schema: { body: wagonListQuery, response: { 200: wagonListResponse, ...errors } } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(json<WagonListResponse>(await service.listWagons(deps, request.body))),
  );
  /** POST /api/dislocation/wagons/byNumbers { numbers } → WagonRow[] (the known ones; a vendor invoice's transport numbers). */
  app.post('/wagons/byNumbers', { config: read, schema: { body: wagonsByNumbersInput, response: { 200: wagonRowList, ...errors } } }, async (request) =>
    service.wagonsByNumbers(deps, request.body.numbers),
  );
  /** GET /api/dislocation/wagons/{number} → WagonDetail (timeline newest first, the invoices the caller may open); 404. */
  app.get('/wagons/:number', { config: read, schema: { params: wagonParams, response: { 200: wagonDetail, ...errors } } }, async (request) =>
    service.wagonDetail(deps, requireUser(request), request.params.number),
  );
  /** POST /api/dislocation/preview (multipart `file`) → ImportResult; nothing saved. */
  app.post('/preview', { config: { permission: 'finance.debtReports.dislocationImport', openapi: csvForm }, schema: { response: { 200: importResult, ...errors } } }, async (request) =>
    importUpload(deps, request, requireUser(request), dislocationImport(), false),
  );
  /** POST /api/dislocation/import (multipart `file`) → ImportResult with `importId`; the same file again changes nothing. */
  app.post('/import', { config: { permission: 'finance.debtReports.dislocationImport', openapi: csvForm }, schema: { response: { 200: importResult, ...errors } } }, async (request) =>
    importUpload(deps, request, requireUser(request), dislocationImport(), true),
  );
  /** GET /api/dislocation/imports → ImportSummary[] (newest first, 100). */
  app.get('/imports', { config: read, schema: { response: { 200: importSummaryList, ...errors } } }, async () => service.listImports(deps, 'dislocation'));
}
