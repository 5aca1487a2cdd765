import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrencyRate, CurrencyRateImportResult, UsedRate, currencyRateQuery, saveCurrencyRateInput } from '@servicedesk/contracts';
import { currencyRates } from '../../db/schema';
import type { Db } from '../../db/client';
import { domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';

/*
 * Official currency rates (issue #41): what the Central Bank of Azerbaijan (CBAR) publishes each day
 * as https://www.cbar.az/currencies/DD.MM.YYYY.xml, imported by file upload (nothing here reaches
 * the internet) or typed by the accountant. The file's shape (as the bank serves it; the sample
 * kept in the tests is examples/cbar-rates-24.11.2026.xml, trimmed to a few currencies):
 *
 *   <ValCurs Date="24.11.2026" Name="AZN məzənnələri" Description="…">
 *     <ValType Type="Bank metalları"> <Valute Code="XAU"><Nominal>1 t.u.</Nominal>…</Valute> </ValType>
 *     <ValType Type="Xarici valyutalar">
 *       <Valute Code="USD"><Nominal>1</Nominal><Name>1 ABŞ dolları</Name><Value>1.7</Value></Valute>
 *       <Valute Code="RUB"><Nominal>100</Nominal><Name>100 Rusiya rublu</Name><Value>2.1443</Value></Valute>
 *     </ValType>
 *   </ValCurs>
 *
 * `Value` is manat per `Nominal` units. Bank metals (a nominal of "1 t.u.", troy ounce) are not
 * currencies and are skipped. The date in the document is believed, not the file's name.
 * Safety as for the e-invoices: a DOCTYPE / ENTITY is refused before parsing and the parser runs
 * with entity processing off. Refusals (422, nothing saved): `ratesFileInvalid` { line, reason }.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'ValType' || name === 'Valute',
});

/** One rate of the bank's file. */
export interface ParsedRate {
  currency: string;
  nominal: number;
  name: string;
  rate: number;
}

const invalid = (reason: string, line = 1) => domainRule('ratesFileInvalid', `The rates file cannot be read: ${reason}`, { line, reason });

/** Parses CBAR's daily XML → its date (YYYY-MM-DD) and the currencies' rates. Pure; throws 422 `ratesFileInvalid`. */
export function parseCbarXml(xml: string): { rateDate: string; rates: ParsedRate[] } {
  const text = xml.replace(/^\uFEFF/, '');
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw invalid('a DOCTYPE or entity declaration is not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid(valid.err.msg, valid.err.line);
  const doc = parser.parse(text) as Node;
  const root = doc.ValCurs as Node | undefined;
  if (!root || typeof root !== 'object') throw invalid('the root element must be <ValCurs>');
  const date = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(String(root['@Date'] ?? ''));
  if (!date) throw invalid('<ValCurs Date="DD.MM.YYYY"> is missing');
  const rateDate = `${date[3]}-${date[2]}-${date[1]}`;
  if (Number.isNaN(Date.parse(`${rateDate}T00:00:00Z`)) || new Date(`${rateDate}T00:00:00Z`).toISOString().slice(0, 10) !== rateDate) throw invalid(`${String(root['@Date'])} is not a date`);
  const rates: ParsedRate[] = [];
  for (const type of (root.ValType as Node[] | undefined) ?? []) {
    for (const v of (type.Valute as Node[] | undefined) ?? []) {
      const currency = String(v['@Code'] ?? '');
      const nominalText = String(v.Nominal ?? '');
      // Bank metals: "1 t.u." (troy ounce) — not a currency.
      if (!/^[A-Z]{3}$/.test(currency) || !/^\d{1,7}$/.test(nominalText)) continue;
      const valueText = String(v.Value ?? '').replace(',', '.');
      if (!/^\d{1,9}(\.\d{1,6})?$/.test(valueText) || Number(valueText) <= 0) throw invalid(`the rate of ${currency} ("${valueText}") is not a positive number`);
      if (currency === 'AZN') continue;
      rates.push({ currency, nominal: Number(nominalText), name: String(v.Name ?? '').slice(0, 100), rate: Number(valueText) });
    }
  }
  if (rates.length === 0) throw invalid('the file holds no currency');
  return { rateDate, rates };
}

const toRate = (row: typeof currencyRates.$inferSelect): CurrencyRate => ({
  currency: row.currency,
  rateDate: row.rateDate,
  rate: row.rate,
  nominal: row.nominal,
  name: row.name,
  source: row.source,
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /api/debtReports/rates: the rates between `from` and `to` (default: the 31 days up to today in Baku), newest date first, then by currency. */
export async function listRates(deps: AppDeps, q: z.output<typeof currencyRateQuery>, today: string): Promise<CurrencyRate[]> {
  const to = q.to ?? today;
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 10);
  const rows = await deps.db
    .select()
    .from(currencyRates)
    .where(and(gte(currencyRates.rateDate, from), lte(currencyRates.rateDate, to), q.currency ? eq(currencyRates.currency, q.currency) : undefined))
    .orderBy(desc(currencyRates.rateDate), asc(currencyRates.currency))
    .limit(2000);
  return rows.map(toRate);
}

/** PUT /api/debtReports/rates: creates or replaces one currency's rate of one date (source `manual`). */
export async function saveRate(deps: AppDeps, user: AuthUser, input: z.output<typeof saveCurrencyRateInput>, now = new Date()): Promise<CurrencyRate> {
  const values = { currency: input.currency, rateDate: input.rateDate, rate: input.rate, nominal: input.nominal, name: input.name, source: 'manual' as const, updatedById: user.id, updatedAt: now };
  const [row] = await deps.db
    .insert(currencyRates)
    .values(values)
    .onConflictDoUpdate({ target: [currencyRates.currency, currencyRates.rateDate], set: { rate: values.rate, nominal: values.nominal, name: values.name, source: 'manual', updatedById: user.id, updatedAt: now } })
    .returning();
  return toRate(row!);
}

/**
 * POST /api/debtReports/rates/import: saves every currency of the bank's file for its date in one
 * statement (an existing rate of that date is replaced: `changed`). The same file twice changes
 * nothing but `updatedAt`.
 */
export async function importRates(deps: AppDeps, user: AuthUser, file: { fileName: string; xml: string }, now = new Date()): Promise<CurrencyRateImportResult> {
  const { rateDate, rates } = parseCbarXml(file.xml);
  return deps.db.transaction(async (tx) => {
    const before = await tx
      .select({ currency: currencyRates.currency, rate: currencyRates.rate, nominal: currencyRates.nominal })
      .from(currencyRates)
      .where(and(eq(currencyRates.rateDate, rateDate), inArray(currencyRates.currency, rates.map((r) => r.currency))));
    const old = new Map(before.map((b) => [b.currency, b]));
    const rows = await tx
      .insert(currencyRates)
      .values(rates.map((r) => ({ ...r, rateDate, source: 'cbar' as const, updatedById: user.id, updatedAt: now })))
      .onConflictDoUpdate({
        target: [currencyRates.currency, currencyRates.rateDate],
        set: { rate: sql`excluded.rate`, nominal: sql`excluded.nominal`, name: sql`excluded.name`, source: 'cbar', updatedById: user.id, updatedAt: now },
      })
      .returning();
    const changed = rates.filter((r) => {
      const o = old.get(r.currency);
      return o && (o.rate !== r.rate || o.nominal !== r.nominal);
    }).length;
    return { fileName: file.fileName, rateDate, created: rates.length - old.size, changed, rates: rows.map(toRate).sort((a, b) => a.currency.localeCompare(b.currency)) };
  });
}

/**
 * Each currency's official rate as of `asOf`: the latest dated on or before it (AZN: 1, no lookup).
 * A currency with no such rate is missing from the map.
 */
export async function ratesAsOf(db: Db, currencies: readonly string[], asOf: string): Promise<Map<string, UsedRate>> {
  const out = new Map<string, UsedRate>();
  const foreign = [...new Set(currencies)].filter((c) => c !== 'AZN');
  if (currencies.includes('AZN')) out.set('AZN', { currency: 'AZN', rateDate: asOf, rate: 1, nominal: 1 });
  if (foreign.length === 0) return out;
  const rows = await db
    .selectDistinctOn([currencyRates.currency], { currency: currencyRates.currency, rateDate: currencyRates.rateDate, rate: currencyRates.rate, nominal: currencyRates.nominal })
    .from(currencyRates)
    .where(and(inArray(currencyRates.currency, foreign), lte(currencyRates.rateDate, asOf)))
    .orderBy(currencyRates.currency, desc(currencyRates.rateDate));
  for (const row of rows) out.set(row.currency, row);
  return out;
}

/** `minor` units of a currency in AZN minor units at `rate` (AZN per `nominal` units), half away from zero. */
export function toAznMinor(minor: number, rate: Pick<UsedRate, 'rate' | 'nominal'>): number {
  const value = (minor * rate.rate) / rate.nominal;
  return Math.sign(value) * Math.round(Math.abs(value) + 1e-9);
}
