import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { contractListQuery } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import {
  approvalRecords,
  approvalSteps,
  contracts,
  modalElements,
  userTypePermissions,
  users,
} from '../../db/schema';
import {
  isoText,
  jsonObject,
  listPageJson,
  orderBy,
  searchPattern,
  type SortKey,
} from '../../lib/lists/list-page';
import { nextRecordNumber } from '../../lib/records/numbering';
import { recordRows } from '../../lib/records/rows';

/** The contract registry's scope in record_number_counters. */
export const CONTRACT_NUMBER_SCOPE = 'contract';
import type { Viewer } from '../../lib/records/visibility';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import { contractVisibility } from './contracts.visibility';

/* SQL of contracts (issue #14): rows, the registry counter, the grid (lib/lists), the job's claims. */

export type ContractRow = typeof contracts.$inferSelect;
export type NewContractRow = typeof contracts.$inferInsert;
export type ParsedContractListQuery = z.output<typeof contractListQuery>;

const c = contracts;

/** The next registry sequence value of `year` (gap-free, in the caller's transaction). */
export const nextRegistrySeq = (tx: Db, year: number): Promise<number> =>
  nextRecordNumber(tx, CONTRACT_NUMBER_SCOPE, year);

const rows = recordRows(contracts, 'contracts');
/** Inserts a contract row in the caller's transaction and answers it as stored. */
export const insertContract = rows.insert;
/** The contract row, locked for update when `forUpdate` (inside a transaction). */
export const findContract = rows.find;
/** Updates contract `id` in the caller's transaction and answers the row after it. */
export const updateContract = rows.update;

/** The term after `id` (its renewal), if any. */
export async function findNextTerm(db: Db, id: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.previousId, id));
  return row;
}

/** Every term of the chain of renewals `row` belongs to, oldest first. */
export async function termsOf(db: Db, row: ContractRow): Promise<ContractRow[]> {
  const chain: ContractRow[] = [row];
  let first = row;
  while (first.previousId !== null) {
    const previous = await findContract(db, first.previousId);
    if (!previous) break;
    chain.unshift(previous);
    first = previous;
  }
  let last = row;
  for (;;) {
    const next = await findNextTerm(db, last.id);
    if (!next) break;
    chain.push(next);
    last = next;
  }
  return chain;
}

/** A counterparty (vendor or contractor) by id. */
export async function findCounterparty(db: Db, id: number) {
  const [row] = await db
    .select({
      id: modalElements.id,
      kind: modalElements.kind,
      name: modalElements.name,
      tin: modalElements.tin,
      isActive: modalElements.isActive,
    })
    .from(modalElements)
    .where(and(eq(modalElements.id, id), inArray(modalElements.kind, ['vendor', 'contractor'])));
  return row;
}

/** Active counterparties (vendors and contractors) by name. */
export async function counterparties(db: Db) {
  return db
    .select({
      id: modalElements.id,
      kind: modalElements.kind,
      name: modalElements.name,
      tin: modalElements.tin,
    })
    .from(modalElements)
    .where(
      and(inArray(modalElements.kind, ['vendor', 'contractor']), eq(modalElements.isActive, true)),
    )
    .orderBy(asc(modalElements.name));
}

/** Ids of the active tag elements among `ids`. */
export async function activeTagIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: modalElements.id })
    .from(modalElements)
    .where(
      and(
        inArray(modalElements.id, [...ids]),
        eq(modalElements.kind, 'tag'),
        eq(modalElements.isActive, true),
      ),
    );
  return rows.map((r) => r.id);
}

/** How many contracts name counterparty `id` (modal elements' removal refusal). */
export async function countByCounterparty(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(eq(c.counterpartyId, id));
  return row?.n ?? 0;
}

/** People as records show them, by id. */
export async function peopleOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0)
    return new Map<number, { id: number; name: string; imgPath: string | null }>();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imgPath: users.imgPath,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: `${r.firstName} ${r.lastName}`, imgPath: r.imgPath }]),
  );
}

/** Active users whose user type holds `actionKey` (e.g. contracts.visa: who may review), by name. */
export async function usersHolding(db: Db, actionKey: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imgPath: users.imgPath,
    })
    .from(users)
    .innerJoin(
      userTypePermissions,
      and(
        eq(userTypePermissions.userTypeId, users.userTypeId),
        eq(userTypePermissions.actionKey, actionKey),
      ),
    )
    .where(eq(users.isActive, true))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Every active user by name (the responsible-person picker). */
export async function activePeople(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imgPath: users.imgPath,
    })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The position (1 visa, 2 lawyer, 3 clerk) of the pending step of the contract's current round, or null. */
export async function pendingPosition(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ position: approvalSteps.position })
    .from(approvalRecords)
    .innerJoin(
      approvalSteps,
      and(
        eq(approvalSteps.approvalId, approvalRecords.id),
        eq(approvalSteps.round, approvalRecords.round),
      ),
    )
    .where(
      and(
        eq(approvalRecords.recordKind, CONTRACT_RECORD_KIND),
        eq(approvalRecords.recordId, id),
        eq(approvalSteps.status, 'PENDING'),
      ),
    );
  return row?.position ?? null;
}

// ---------------------------------------------------------------------------------------------
// The grid
// ---------------------------------------------------------------------------------------------

/** ACTIVE contracts ending between `today` and `today + days` (inclusive). */
export const endingWithinSql = (today: string, days: number): SQL =>
  and(
    eq(c.status, 'ACTIVE'),
    gte(c.endDate, today),
    lte(c.endDate, sql`(${today}::date + ${days}::int)`),
  ) as SQL;

/** WHERE of the grid: visibility, filters, search. */
function listWhere(
  viewer: Viewer,
  q: Partial<ParsedContractListQuery>,
  today: string,
): SQL | undefined {
  const search = q.search ? searchPattern(q.search) : undefined;
  return and(
    contractVisibility.sql(viewer),
    q.mine ? or(eq(c.authorId, viewer.userId), eq(c.responsibleId, viewer.userId)) : undefined,
    q.status?.length ? inArray(c.status, q.status) : undefined,
    q.counterpartyId ? eq(c.counterpartyId, q.counterpartyId) : undefined,
    q.endingWithinDays !== undefined ? endingWithinSql(today, q.endingWithinDays) : undefined,
    q.amountMin !== undefined ? gte(c.amountMinor, q.amountMin) : undefined,
    q.amountMax !== undefined ? lte(c.amountMinor, q.amountMax) : undefined,
    search
      ? or(
          sql`${c.subject} ilike ${search}`,
          sql`${c.number} ilike ${search}`,
          sql`exists (select 1 from ${modalElements} m where m.id = ${c.counterpartyId} and (m.name ilike ${search} or m.tin like ${search}))`,
        )
      : undefined,
  );
}

const sortColumns = {
  number: [c.number, c.id],
  createdAt: [c.createdAt, c.id],
  endDate: [c.endDate, c.id],
  startDate: [c.startDate, c.id],
  amountMinor: [c.amountMinor, c.id],
  status: [c.status, c.id],
  subject: [c.subject, c.id],
} as const;

/**
 * The keyset orders (issue #44, lib/lists list-page `keyset`): every sort but the number (null
 * until registered, so not a key) pages after the answer's `nextCursor`; by number, `skip` alone.
 */
const sortKeys: Partial<Record<ParsedContractListQuery['sort'], readonly SortKey[]>> = {
  createdAt: [{ sql: c.createdAt, type: 'timestamptz' }, { sql: c.id, type: 'int' }],
  endDate: [{ sql: c.endDate, type: 'date' }, { sql: c.id, type: 'int' }],
  startDate: [{ sql: c.startDate, type: 'date' }, { sql: c.id, type: 'int' }],
  amountMinor: [{ sql: c.amountMinor, type: 'bigint' }, { sql: c.id, type: 'int' }],
  status: [{ sql: c.status, type: 'text' }, { sql: c.id, type: 'int' }],
  subject: [{ sql: c.subject, type: 'text' }, { sql: c.id, type: 'int' }],
};

/** One grid page as the JSON text of contracts `contractListResponse` (lib/lists listPageJson; keyset paging but by number). */
export async function listContractsJson(
  db: Db,
  viewer: Viewer,
  q: ParsedContractListQuery,
  today: string,
): Promise<string> {
  const keys = sortKeys[q.sort];
  return listPageJson(db, {
    table: c,
    where: listWhere(viewer, q, today),
    order: orderBy(sortColumns[q.sort], q.sortDir),
    ...(keys ? { keyset: { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}) } } : {}),
    skip: q.skip,
    take: q.take,
    row: jsonObject({
      id: c.id,
      number: c.number,
      status: c.status,
      subject: c.subject,
      counterpartyId: c.counterpartyId,
      counterpartyName: sql`counterparty.name`,
      counterpartyTin: sql`counterparty.tin`,
      amountMinor: c.amountMinor,
      currency: c.currency,
      startDate: sql`to_char(${c.startDate}, 'YYYY-MM-DD')`,
      endDate: sql`to_char(${c.endDate}, 'YYYY-MM-DD')`,
      responsibleName: sql`responsible.first_name || ' ' || responsible.last_name`,
      authorName: sql`author.first_name || ' ' || author.last_name`,
      term: c.term,
      createdAt: isoText(c.createdAt),
    }),
    joins: sql`join ${modalElements} counterparty on counterparty.id = ${c.counterpartyId}
        join ${users} responsible on responsible.id = ${c.responsibleId}
        join ${users} author on author.id = ${c.authorId}`,
  });
}

/** How many visible ACTIVE contracts end within `days` days of `today` (the dashboard figure); `mine` = the viewer is responsible or author. */
export async function countEndingSoon(
  db: Db,
  viewer: Viewer,
  today: string,
  days: number,
  mine: boolean,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(listWhere(viewer, { endingWithinDays: days, mine }, today));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The daily job
// ---------------------------------------------------------------------------------------------

/**
 * ACTIVE contracts whose notice date (end − notice days) or "ends soon" date (end − 30 days) has
 * come by `today` and whose reminder was not sent, locked (`FOR UPDATE SKIP LOCKED`: another
 * instance's claim is skipped), at most `limit`.
 */
export async function claimDueReminders(
  tx: Db,
  today: string,
  endReminderDays: number,
  limit: number,
): Promise<ContractRow[]> {
  return tx
    .select()
    .from(c)
    .where(
      and(
        eq(c.status, 'ACTIVE'),
        gte(c.endDate, today),
        or(
          and(
            isNull(c.noticeRemindedAt),
            lte(sql`(${c.endDate} - ${c.noticeDays})`, sql`${today}::date`),
          ),
          and(
            isNull(c.endRemindedAt),
            lte(sql`(${c.endDate} - ${endReminderDays}::int)`, sql`${today}::date`),
          ),
        ),
      ),
    )
    .orderBy(asc(c.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** ACTIVE contracts whose end date lies before `today`, locked (SKIP LOCKED), at most `limit`. */
export async function claimExpired(tx: Db, today: string, limit: number): Promise<ContractRow[]> {
  return tx
    .select()
    .from(c)
    .where(and(eq(c.status, 'ACTIVE'), sql`${c.endDate} < ${today}::date`))
    .orderBy(asc(c.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
