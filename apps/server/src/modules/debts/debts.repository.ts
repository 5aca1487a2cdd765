import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { debtListQuery, wagonListQuery } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtCounterparties, debtEntries, debtGroups, debtImports, debtPaymentTypes, modalElements, users, wagons } from '../../db/schema';
import { isoText, jsonObject, listPageJson, orderBy, searchPattern, type SortKey } from '../../lib/lists/list-page';

/* SQL of the debt reports and the dislocation (issue #17); the rules live in debts.service.ts. */

const element = alias(modalElements, 'debt_element');
const group = alias(debtGroups, 'debt_group');

const dc = debtCounterparties;
/**
 * The report grid's keyset orders (issue #44), each an index's (migration 0043): balance
 * (balance_minor, id), status (status, id), name — the counterparties' modal elements walked by
 * (name, id), each one's report row joined. The last entry's date may be missing (no entry yet), so
 * that sort is not a keyset (a cursor names no null): it pages by `skip` and sorts the matches.
 */
const reportKeys: Partial<Record<z.output<typeof debtListQuery>['sort'], readonly SortKey[]>> = {
  balance: [{ sql: dc.balanceMinor, type: 'bigint' }, { sql: dc.id, type: 'int' }],
  status: [{ sql: sql`${dc.status}`, type: 'text' }, { sql: dc.id, type: 'int' }],
  name: [{ sql: sql`byname.name`, type: 'text' }, { sql: sql`byname.id`, type: 'int' }],
};

/**
 * The report grid as JSON text (contracts DebtListResponse): counterparties with a report row; a
 * keyset page for every sort but the last entry's date (`nextCursor`, 400 `invalidCursor` for
 * another sort's cursor), the count capped.
 */
export async function listReportsJson(db: Db, query: z.output<typeof debtListQuery>): Promise<string> {
  const filters: (SQL | undefined)[] = [
    query.groupId === undefined ? undefined : eq(debtCounterparties.groupId, query.groupId),
    query.status === undefined ? undefined : eq(debtCounterparties.status, query.status),
  ];
  if (query.search) {
    const pattern = searchPattern(query.search);
    filters.push(
      sql`exists (select 1 from ${modalElements} m where m.id = ${debtCounterparties.id} and (m.name ilike ${pattern} or m.tin ilike ${pattern}))`,
    );
  }
  const sortColumn: Record<typeof query.sort, SQL> = {
    name: sql`(select m.name from ${modalElements} m where m.id = ${debtCounterparties.id})`,
    balance: sql`${debtCounterparties.balanceMinor}`,
    status: sql`${debtCounterparties.status}`,
    lastEntry: sql`${debtCounterparties.lastEntryDate}`,
  };
  const keys = reportKeys[query.sort];
  return listPageJson(db, {
    table: debtCounterparties,
    where: and(...filters),
    ...(keys
      ? {
          keyset: { keys, dir: query.sortDir, ...(query.after ? { after: query.after } : {}) },
          ...(query.sort === 'name' ? { pageJoins: sql`join ${modalElements} byname on byname.id = ${dc.id}` } : {}),
        }
      : { order: [...orderBy([sortColumn[query.sort]], query.sortDir), asc(debtCounterparties.id)] }),
    skip: query.skip,
    take: query.take,
    joins: sql`join ${modalElements} debt_element on debt_element.id = ${debtCounterparties.id} left join ${debtGroups} debt_group on debt_group.id = ${debtCounterparties.groupId}`,
    row: jsonObject({
      id: debtCounterparties.id,
      name: element.name,
      kind: element.kind,
      tin: element.tin,
      groupId: debtCounterparties.groupId,
      groupName: group.name,
      status: debtCounterparties.status,
      currency: debtCounterparties.currency,
      invoicedMinor: debtCounterparties.invoicedMinor,
      paidMinor: debtCounterparties.paidMinor,
      balanceMinor: debtCounterparties.balanceMinor,
      lastEntryDate: sql`to_char(${debtCounterparties.lastEntryDate}, 'YYYY-MM-DD')`,
    }),
  });
}

/** The wagon grid as JSON text (contracts WagonListResponse): a keyset page (`nextCursor`; 400 `invalidCursor` for another sort's cursor). */
export async function listWagonsJson(db: Db, query: z.output<typeof wagonListQuery>): Promise<string> {
  const filters: (SQL | undefined)[] = [query.state === undefined ? undefined : eq(wagons.state, query.state)];
  if (query.search) filters.push(or(ilike(wagons.number, searchPattern(query.search)), ilike(wagons.station, searchPattern(query.search))));
  const id: SortKey = { sql: wagons.id, type: 'int' };
  // Keyset orders (issue #44): the latest sighting (seen_at, id) and the number (unique) are walks of their indexes.
  const keys: Record<typeof query.sort, SortKey[]> = {
    number: [{ sql: sql`${wagons.number}`, type: 'text' }],
    station: [{ sql: sql`${wagons.station}`, type: 'text' }, id],
    state: [{ sql: sql`${wagons.state}`, type: 'text' }, id],
    seenAt: [{ sql: wagons.seenAt, type: 'timestamptz' }, id],
  };
  return listPageJson(db, {
    table: wagons,
    where: and(...filters),
    keyset: { keys: keys[query.sort], dir: query.sortDir, ...(query.after ? { after: query.after } : {}) },
    skip: query.skip,
    take: query.take,
    row: jsonObject({ number: wagons.number, station: wagons.station, state: wagons.state, seenAt: isoText(wagons.seenAt), sightings: wagons.sightings }),
  });
}

/** A counterparty (active or not) of kind vendor/contractor with its report row, or undefined. */
export async function findCounterparty(db: Db, id: number) {
  const [row] = await db
    .select({
      id: modalElements.id,
      name: modalElements.name,
      kind: modalElements.kind,
      tin: modalElements.tin,
      report: debtCounterparties,
      groupName: debtGroups.name,
    })
    .from(modalElements)
    .leftJoin(debtCounterparties, eq(debtCounterparties.id, modalElements.id))
    .leftJoin(debtGroups, eq(debtGroups.id, debtCounterparties.groupId))
    .where(and(eq(modalElements.id, id), sql`${modalElements.kind} in ('vendor', 'contractor')`));
  return row;
}

/** Entries of a counterparty dated on or before `until` (all without), oldest first, with provenance. */
export async function entriesOf(db: Db, counterpartyId: number, options: { until?: string; kind?: 'payment' } = {}) {
  return db
    .select({
      id: debtEntries.id,
      kind: debtEntries.kind,
      docNumber: debtEntries.docNumber,
      docDate: debtEntries.docDate,
      dueDate: debtEntries.dueDate,
      amountMinor: debtEntries.amountMinor,
      currency: debtEntries.currency,
      paymentType: debtPaymentTypes.name,
      importId: debtEntries.importId,
      sourceLine: debtEntries.sourceLine,
      fileName: debtImports.fileName,
    })
    .from(debtEntries)
    .leftJoin(debtPaymentTypes, eq(debtPaymentTypes.id, debtEntries.paymentTypeId))
    .leftJoin(debtImports, eq(debtImports.id, debtEntries.importId))
    .where(
      and(
        eq(debtEntries.counterpartyId, counterpartyId),
        options.until === undefined ? undefined : sql`${debtEntries.docDate} <= ${options.until}`,
        options.kind === undefined ? undefined : eq(debtEntries.kind, options.kind),
      ),
    )
    .orderBy(asc(debtEntries.docDate), asc(debtEntries.id));
}

/** The imports of `kind`, newest first (at most 100), with who imported them. */
export async function importsOf(db: Db, kind: 'oneC' | 'dislocation') {
  return db
    .select({ row: debtImports, first: users.firstName, last: users.lastName })
    .from(debtImports)
    .innerJoin(users, eq(users.id, debtImports.importedBy))
    .where(eq(debtImports.kind, kind))
    .orderBy(sql`${debtImports.id} desc`)
    .limit(100);
}

/** The file names of imports `ids`. */
export async function importFileNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: debtImports.id, fileName: debtImports.fileName }).from(debtImports).where(inArray(debtImports.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.fileName]));
}
