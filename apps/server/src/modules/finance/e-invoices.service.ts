import type { z } from 'zod';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EINVOICE_MATCH_STATUSES,
  FINANCE_CURRENCIES,
  invoiceNumberKey,
  type eInvoiceCreateInvoiceInput,
  type FinanceCurrency,
  type VendorInvoiceDetail,
  type EInvoiceDetail,
  type EInvoiceDifference,
  type EInvoiceImportResult,
  type EInvoiceListResponse,
  type EInvoiceMatchStatus,
  type EInvoicePreviewItem,
  type eInvoiceListQuery,
} from '@servicedesk/contracts';
import { eInvoiceImports, eInvoices, modalElements, users, vendorInvoices } from '../../db/schema';
import type { Db } from '../../db/client';
import { conflict, domainRule, notFound } from '../../lib/errors';
import { isoText, jsonObject, listPageJson, orderBy, searchPattern } from '../../lib/lists/list-page';
import { appendHistory } from '../../lib/records/history';
import type { AppDeps, AuthUser } from '../../types';
import { defineJob, JOB_HEAP_MB, runJob } from '../../lib/workers/jobs';
import type { ParsedEInvoice } from './e-invoices.parser';
import type * as EInvoiceJob from './e-invoices.job';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { announceChange, saveInvoice } from './finance.service';

/*
 * E-invoices (issue #16; the State Tax Service's e-qaimə format beside ours since issue #41,
 * e-invoices.eqaime.ts): the tax portal's XML export imported in two calls — `preview` (parse,
 * match, show; nothing saved) and `import` (the same, then saved in one transaction). Importing is
 * idempotent twice over: the file's SHA-256 (a file imported before changes nothing:
 * `alreadyImported`) and each invoice's content hash (an invoice already imported from another
 * file is `skip`). Matching: the vendor by the seller's TIN (modal elements of kind vendor), then
 * the vendor's live invoice of the same number (compared after normalising: invoiceNumberKey); its amounts, date and currency are compared with
 * the XML's (`differences`). The XML stays the source of truth for its lines: a match links the two
 * records and never copies lines either way.
 */

type InvoiceRow = typeof vendorInvoices.$inferSelect;

/**
 * Checking, parsing and hashing a file, in a worker thread (lib/workers/jobs.ts, issue #42): at
 * most 60 s of work, the jobs' heap ({@link JOB_HEAP_MB}), 16 MB of UTF-8 (the body's schema allows
 * EINVOICE_XML_MAX characters first). Mutable limits: tests lower them.
 */
export const eInvoiceParseJob = defineJob<typeof EInvoiceJob.parseEInvoiceFile>(
  new URL('./e-invoices.job.ts', import.meta.url),
  'parseEInvoiceFile',
  { timeoutMs: 60_000, heapMb: JOB_HEAP_MB, maxInputBytes: 16 * 1024 * 1024 },
  (input) => Buffer.byteLength(input.xml, 'utf8'),
);

/** The file's hash and invoices (their lines when `withLines`), read in the worker; its 422 refusal, or a limit's (see {@link eInvoiceParseJob}). */
const parseFile = (xml: string, withLines: boolean) => runJob(eInvoiceParseJob, { xml, withLines });

/** The differences between an e-invoice (the XML) and a vendor invoice. */
export function differencesOf(e: Pick<ParsedEInvoice, 'netTotal' | 'vatTotal' | 'grossTotal' | 'issueDate' | 'currency'>, inv: InvoiceRow): EInvoiceDifference[] {
  const out: EInvoiceDifference[] = [];
  for (const field of ['netTotal', 'vatTotal', 'grossTotal'] as const) {
    if (e[field] !== inv[field]) out.push({ field, xml: String(e[field]), invoice: String(inv[field]) });
  }
  if (e.issueDate !== inv.invoiceDate) out.push({ field: 'invoiceDate', xml: e.issueDate, invoice: inv.invoiceDate });
  if (e.currency !== inv.currency) out.push({ field: 'currency', xml: e.currency, invoice: inv.currency });
  return out;
}

/** The match of parsed invoices: vendor by TIN, vendor invoice by number; plus whether each was imported before. */
async function matchAll(db: Db, parsed: readonly EInvoiceJob.ReadInvoice[]): Promise<EInvoicePreviewItem[]> {
  const vendors = await repo.vendorsByTin(db, [...new Set(parsed.map((p) => p.sellerTin))]);
  const byTin = new Map(vendors.map((v) => [v.tin as string, v]));
  const known = parsed.length
    ? new Set(
        (await db.select({ hash: eInvoices.invoiceHash }).from(eInvoices).where(inArray(eInvoices.invoiceHash, parsed.map((p) => p.hash)))).map((r) => r.hash),
      )
    : new Set<string>();
  const vendorIds = vendors.map((v) => v.id);
  const invoices = vendorIds.length
    ? await db
        .select()
        .from(vendorInvoices)
        .where(and(inArray(vendorInvoices.vendorId, vendorIds), inArray(vendorInvoices.numberKey, [...new Set(parsed.map((p) => invoiceNumberKey(p.number)))]), isNull(vendorInvoices.deletedAt)))
    : [];
  return parsed.map((p) => {
    const vendor = byTin.get(p.sellerTin) ?? null;
    const invoice = vendor ? invoices.find((i) => i.vendorId === vendor.id && i.numberKey === invoiceNumberKey(p.number)) : undefined;
    const differences = invoice ? differencesOf(p, invoice) : [];
    const matchStatus: EInvoiceMatchStatus = !vendor ? 'unmatched' : !invoice ? 'vendorOnly' : differences.length ? 'differences' : 'matched';
    return {
      index: p.index,
      line: p.line,
      number: p.number,
      issueDate: p.issueDate,
      sellerTin: p.sellerTin,
      sellerName: p.sellerName,
      currency: p.currency,
      netTotal: p.netTotal,
      vatTotal: p.vatTotal,
      grossTotal: p.grossTotal,
      lineCount: p.lineCount,
      action: known.has(p.hash) ? 'skip' : 'create',
      vendor: vendor ? { id: vendor.id, name: vendor.name, tin: vendor.tin } : null,
      vendorInvoice: invoice ? { id: invoice.id, number: invoice.number } : null,
      matchStatus,
      differences,
    };
  });
}

/**
 * POST /api/finance/eInvoices/preview: what an import of this file would create and match — nothing
 * is saved. 422 on a malformed file; the file is read in a worker thread: 413 `workInputTooLarge`,
 * 422 `workTimedOut` / `workOutOfMemory`, 503 `workBusy` past its limits.
 */
export async function preview(deps: AppDeps, input: { fileName: string; xml: string }): Promise<EInvoiceImportResult> {
  const { fileHash, parsed } = await parseFile(input.xml, false);
  const [already] = await deps.db.select({ id: eInvoiceImports.id }).from(eInvoiceImports).where(eq(eInvoiceImports.fileHash, fileHash));
  const invoices = await matchAll(deps.db, parsed);
  const result = already ? invoices.map((i) => ({ ...i, action: 'skip' as const })) : invoices;
  return { fileName: input.fileName, fileHash, alreadyImported: already !== undefined, invoices: result, created: 0, skipped: result.filter((i) => i.action === 'skip').length };
}

/**
 * POST /api/finance/eInvoices/import: parses, matches and saves the file's new invoices in one
 * transaction; the same file again (or invoices imported before) changes nothing. A matched
 * vendor invoice gets a history row `eInvoiceMatched`. 422 on a malformed file (nothing saved); the
 * file is read in a worker thread before the transaction begins, with the refusals of {@link preview}.
 */
export async function importFile(deps: AppDeps, user: AuthUser, input: { fileName: string; xml: string }, now = new Date()): Promise<EInvoiceImportResult> {
  const { fileHash, parsed } = await parseFile(input.xml, true);
  const outcome = await deps.db.transaction(async (tx) => {
    const [imported] = await tx
      .insert(eInvoiceImports)
      .values({ fileName: input.fileName, fileHash, invoiceCount: parsed.length, createdCount: 0, importedById: user.id, importedAt: now })
      .onConflictDoNothing()
      .returning();
    const invoices = await matchAll(tx, parsed);
    if (!imported) return { alreadyImported: true, invoices: invoices.map((i) => ({ ...i, action: 'skip' as const })), created: 0, linked: [] as number[] };
    let created = 0;
    const linked: number[] = [];
    for (const item of invoices) {
      if (item.action !== 'create') continue;
      const p = parsed[item.index - 1]!;
      const [row] = await tx
        .insert(eInvoices)
        .values({
          importId: imported.id,
          invoiceHash: p.hash,
          number: p.number,
          issueDate: p.issueDate,
          sellerTin: p.sellerTin,
          sellerName: p.sellerName,
          buyerTin: p.buyerTin,
          currency: p.currency,
          netTotal: p.netTotal,
          vatTotal: p.vatTotal,
          grossTotal: p.grossTotal,
          lines: p.lines ?? [],
          vendorId: item.vendor?.id ?? null,
          vendorInvoiceId: item.vendorInvoice?.id ?? null,
          matchStatus: item.matchStatus,
          differences: item.differences,
          importedById: user.id,
          importedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: eInvoices.id });
      if (!row) {
        item.action = 'skip';
        continue;
      }
      created++;
      if (item.vendorInvoice) {
        linked.push(item.vendorInvoice.id);
        await appendHistory(tx, [
          {
            recordKind: VENDOR_INVOICE_KIND,
            recordId: item.vendorInvoice.id,
            action: 'eInvoiceMatched',
            actorId: user.id,
            details: { eInvoiceId: row.id, matchStatus: item.matchStatus, differences: item.differences },
            createdAt: now,
          },
        ]);
      }
    }
    await tx.update(eInvoiceImports).set({ createdCount: created }).where(eq(eInvoiceImports.id, imported.id));
    return { alreadyImported: false, invoices, created, linked };
  });
  for (const id of outcome.linked) await announceChange(deps, id);
  return {
    fileName: input.fileName,
    fileHash,
    alreadyImported: outcome.alreadyImported,
    invoices: outcome.invoices,
    created: outcome.created,
    skipped: outcome.invoices.filter((i) => i.action === 'skip').length,
  };
}

const e = eInvoices;
const sortColumns = {
  importedAt: [e.importedAt, e.id],
  issueDate: [e.issueDate, e.id],
  number: [e.number, e.id],
  grossTotal: [e.grossTotal, e.id],
} as const;

/** POST /api/finance/eInvoices/grid: one page of the imported e-invoices (JSON text of contracts eInvoiceListResponse). */
export async function list(deps: AppDeps, q: z.output<typeof eInvoiceListQuery>): Promise<EInvoiceListResponse> {
  const parts: (SQL | undefined)[] = [];
  if (q.matchStatus?.length && q.matchStatus.length < EINVOICE_MATCH_STATUSES.length) parts.push(inArray(e.matchStatus, q.matchStatus));
  if (q.search) {
    const pattern = searchPattern(q.search);
    parts.push(sql`(${e.number} ilike ${pattern} or ${e.sellerName} ilike ${pattern} or ${e.sellerTin} ilike ${pattern})`);
  }
  const json = await listPageJson(deps.db, {
    table: e,
    where: and(...parts),
    order: orderBy(sortColumns[q.sort], q.sortDir),
    skip: q.skip,
    take: q.take,
    row: jsonObject({
      id: e.id,
      number: e.number,
      issueDate: sql`to_char(${e.issueDate}, 'YYYY-MM-DD')`,
      sellerTin: e.sellerTin,
      sellerName: e.sellerName,
      vendorId: e.vendorId,
      vendorName: sql`vendor.name`,
      vendorInvoiceId: e.vendorInvoiceId,
      vendorInvoiceNumber: sql`vi.number`,
      currency: e.currency,
      grossTotal: e.grossTotal,
      matchStatus: e.matchStatus,
      fileName: sql`imp.file_name`,
      importedAt: isoText(e.importedAt),
    }),
    joins: sql`left join ${modalElements} vendor on vendor.id = ${e.vendorId}
      left join ${vendorInvoices} vi on vi.id = ${e.vendorInvoiceId}
      join ${eInvoiceImports} imp on imp.id = ${e.importId}`,
  });
  return json as unknown as EInvoiceListResponse;
}

/** GET /api/finance/eInvoices/{id}: the e-invoice with its XML lines. 404 unknown. */
export async function detail(deps: AppDeps, id: number): Promise<EInvoiceDetail> {
  const [row] = await deps.db
    .select({ e, vendorName: modalElements.name, vendorInvoiceNumber: vendorInvoices.number, fileName: eInvoiceImports.fileName, importer: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, importerImg: users.imgPath })
    .from(e)
    .leftJoin(modalElements, eq(modalElements.id, e.vendorId))
    .leftJoin(vendorInvoices, eq(vendorInvoices.id, e.vendorInvoiceId))
    .innerJoin(eInvoiceImports, eq(eInvoiceImports.id, e.importId))
    .innerJoin(users, eq(users.id, e.importedById))
    .where(eq(e.id, id));
  if (!row) throw notFound('No such e-invoice.');
  const x = row.e;
  return {
    id: x.id,
    number: x.number,
    issueDate: x.issueDate,
    sellerTin: x.sellerTin,
    sellerName: x.sellerName,
    vendorId: x.vendorId,
    vendorName: row.vendorName,
    vendorInvoiceId: x.vendorInvoiceId,
    vendorInvoiceNumber: row.vendorInvoiceNumber,
    currency: x.currency,
    grossTotal: x.grossTotal,
    matchStatus: x.matchStatus,
    fileName: row.fileName,
    importedAt: x.importedAt.toISOString(),
    buyerTin: x.buyerTin,
    netTotal: x.netTotal,
    vatTotal: x.vatTotal,
    lines: x.lines,
    differences: x.differences,
    importedBy: { id: x.importedById, name: row.importer, imgPath: row.importerImg },
  };
}

/**
 * POST /api/finance/eInvoices/{id}/match: links the e-invoice to a vendor invoice of ITS vendor by
 * hand (or unlinks it: null), recomputing the differences. 404 unknown; 422 `vendorMismatch` when
 * the invoice is another vendor's (or the e-invoice's seller is no known vendor).
 */
export async function match(deps: AppDeps, user: AuthUser, id: number, vendorInvoiceId: number | null, now = new Date()): Promise<EInvoiceDetail> {
  const [row] = await deps.db.select().from(e).where(eq(e.id, id));
  if (!row) throw notFound('No such e-invoice.');
  if (vendorInvoiceId === null) {
    await deps.db.update(e).set({ vendorInvoiceId: null, differences: [], matchStatus: row.vendorId ? 'vendorOnly' : 'unmatched' }).where(eq(e.id, id));
    return detail(deps, id);
  }
  const invoice = await repo.findInvoice(deps.db, vendorInvoiceId);
  if (!invoice) throw notFound('No such vendor invoice.');
  if (row.vendorId === null || invoice.vendorId !== row.vendorId) {
    throw domainRule('vendorMismatch', 'The vendor invoice belongs to another vendor than the e-invoice’s seller.', { vendorInvoiceId });
  }
  const differences = differencesOf(row, invoice);
  await deps.db.transaction(async (tx) => {
    await tx.update(e).set({ vendorInvoiceId, differences, matchStatus: differences.length ? 'differences' : 'matched' }).where(eq(e.id, id));
    await appendHistory(tx, [
      { recordKind: VENDOR_INVOICE_KIND, recordId: vendorInvoiceId, action: 'eInvoiceMatched', actorId: user.id, details: { eInvoiceId: id, differences }, createdAt: now },
    ]);
  });
  await announceChange(deps, vendorInvoiceId);
  return detail(deps, id);
}

/**
 * POST /api/finance/eInvoices/{id}/createVendorInvoice: the vendor invoice made from a matched or
 * unmatched e-invoice in one step — a DRAFT of the caller (as a save: its number, date, currency and
 * the XML's lines with their quantities, prices and VAT rates), then linked to the e-invoice (the
 * differences recomputed). The vendor is the seller's (by TIN) or, for a seller that is no vendor,
 * `vendorId`. 404 unknown; 409 `eInvoiceAlreadyLinked` { vendorInvoiceId }; 422 `vendorRequired`,
 * `vendorMismatch`, `currencyNotSupported` { currency }; the save's refusals (409
 * `duplicateInvoiceNumber`, `possibleDuplicateInvoice` unless `confirmDuplicate`).
 */
export async function createVendorInvoice(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof eInvoiceCreateInvoiceInput>, now = new Date()): Promise<VendorInvoiceDetail> {
  const [row] = await deps.db.select().from(e).where(eq(e.id, id));
  if (!row) throw notFound('No such e-invoice.');
  if (row.vendorInvoiceId !== null) throw conflict('eInvoiceAlreadyLinked', 'This e-invoice is already linked to a vendor invoice.', { vendorInvoiceId: row.vendorInvoiceId });
  if (row.vendorId !== null && input.vendorId !== undefined && input.vendorId !== row.vendorId) {
    throw domainRule('vendorMismatch', 'The e-invoice’s seller is another vendor.', { vendorId: row.vendorId });
  }
  const vendorId = row.vendorId ?? input.vendorId;
  if (vendorId === undefined) throw domainRule('vendorRequired', 'The seller is not a known vendor: choose the vendor.', { sellerTin: row.sellerTin, sellerName: row.sellerName });
  if (!(FINANCE_CURRENCIES as readonly string[]).includes(row.currency)) throw domainRule('currencyNotSupported', `Vendor invoices are not kept in ${row.currency}.`, { currency: row.currency });
  const detail = await saveInvoice(
    deps,
    user,
    {
      vendorId,
      number: row.number,
      invoiceDate: row.issueDate,
      currency: row.currency as FinanceCurrency,
      transportNumbers: [],
      note: '',
      fileIds: [],
      confirmDuplicate: input.confirmDuplicate,
      lines: row.lines.map((l) => ({ materialId: null, description: l.name.slice(0, 300), unit: l.unit, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: l.vatRate })),
    },
    now,
  );
  const invoice = await repo.findInvoice(deps.db, detail.invoice.id);
  const differences = differencesOf(row, invoice!);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(e)
      .set({ vendorId, vendorInvoiceId: detail.invoice.id, differences, matchStatus: differences.length ? 'differences' : 'matched' })
      .where(and(eq(e.id, id), isNull(e.vendorInvoiceId)));
    await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: detail.invoice.id, action: 'eInvoiceMatched', actorId: user.id, details: { eInvoiceId: id, differences, created: true }, createdAt: now }]);
  });
  await announceChange(deps, detail.invoice.id);
  return detail;
}
