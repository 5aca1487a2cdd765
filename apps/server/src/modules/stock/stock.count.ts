import { and, eq, sql } from 'drizzle-orm';
import {
  STOCK_REASON_MIN,
  roundQuantity,
  type CountItem,
  type CountLine,
  type CountListResponse,
  type CountPlan,
  type CountPlanFigures,
  type CountSession,
  type LanguageCode,
  type RecordPerson,
  type countListQuery,
} from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { stockCountLines, stockCountScans, stockCountSessions } from '../../db/schema';
import * as access from '../../lib/access';
import { conflict, domainRule, notFound } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { outflowValue, postOperationInTx, type LedgerLineInput } from './stock.ledger';
import { announceStockChange } from './stock.lists';
import { subtreeSql } from './stock.repository';

/*
 * Physical count (issue #13 "Physical count"; issue #40 "counts as records"; snipe#4644, #7365).
 * A count session is a record: its scope (a warehouse, optionally a material group with its
 * subgroups), its status (open → posted | cancelled), a list and a detail. Everything is saved as
 * it happens — each scan (inventory number or serial) and each counted quantity of a material not
 * kept as inventories — so the page resumes after a reload on any device, and several keepers
 * scan into one session at once: every change announces RecordChanged('stockCount', id) to the
 * session's viewers (hub record presence), whose pages refetch it.
 *
 * Posting first shows the plan ({@link countPlan}): N write-offs (missing units and quantities
 * counted short), M transfers (misplaced units in stock in another warehouse, brought here), K
 * quantity adjustments — each with its value — and posts exactly that, only inside the scope, in
 * one transaction: the session row is locked first, so a second post (a double click, a second
 * keeper) finds it posted and is refused (`countClosed`); figures confirmed by the keeper that no
 * longer match (someone scanned meanwhile) are refused with 409 `countPlanChanged`. Everything on
 * the warehouse rule (its keeper or any-warehouse).
 */

/** The record kind of a count session on the hub (contracts RECORD_KINDS `stockCount`). */
export const COUNT_RECORD_KIND = 'stockCount';

type Session = typeof stockCountSessions.$inferSelect;

async function sessionRow(db: Db, id: number, forUpdate = false): Promise<Session> {
  const query = db.select().from(stockCountSessions).where(eq(stockCountSessions.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Count session not found');
  return row;
}

/** SQL: whether material alias `mat` is inside the session's scope (its group's subtree, or any material). */
const inScope = (session: Session, mat: string) =>
  session.materialGroupId === null ? sql`true` : sql`${sql.raw(mat)}.group_id in ${subtreeSql(session.materialGroupId)}`;

type ItemRow = {
  id: number;
  inventory_number: string;
  serial: string | null;
  material_id: number;
  material_name: string;
  status: CountItem['status'];
  warehouse_id: number | null;
  warehouse_name: string | null;
  value: number | string;
  in_scope: boolean;
};
const toItem = (r: ItemRow): CountItem => ({
  id: Number(r.id),
  inventoryNumber: r.inventory_number,
  serial: r.serial,
  materialId: Number(r.material_id),
  materialName: r.material_name,
  status: r.status,
  warehouseId: r.warehouse_id === null ? null : Number(r.warehouse_id),
  warehouseName: r.warehouse_name,
  value: Number(r.value),
});

const personSql = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.first_name || ' ' || ${alias}.last_name, 'imgPath', ${alias}.img_path) end`);
const iso = (v: unknown) => new Date(v as string).toISOString();

/** The session and where it stands (see contracts countSession); `lang` names the material group. */
export async function countState(db: Db, id: number, lang: LanguageCode = 'az', locked?: Session): Promise<CountSession> {
  const session = locked ?? (await sessionRow(db, id));
  const [head] = executedRows<{ warehouse_name: string; group_name: string | null; created_by: RecordPerson | null; posted_by: RecordPerson | null }>(
    await db.execute(sql`
      select w.name as warehouse_name,
        (select coalesce(nullif(g.names ->> ${lang}, ''), g.names ->> 'az') from material_groups g where g.id = ${session.materialGroupId}) as group_name,
        (select ${personSql('c')} from users c where c.id = ${session.createdById}) as created_by,
        (select ${personSql('p')} from users p where p.id = ${session.postedById}) as posted_by
      from warehouses w where w.id = ${session.warehouseId}`),
  );
  const scans = executedRows<{ inventory_number: string; inventory_id: number | null; scanned_at: string; scanned_by: RecordPerson | null }>(
    await db.execute(sql`
      select s.inventory_number, s.inventory_id, s.scanned_at, ${personSql('u')} as scanned_by
      from stock_count_scans s left join users u on u.id = s.scanned_by_id
      where s.session_id = ${id} order by s.id desc`),
  );
  const itemSelect = sql`select i.id, i.inventory_number, i.serial, i.material_id, m.name as material_name, i.status, i.warehouse_id, w.name as warehouse_name,
      i.unit_cost as value, (${inScope(session, 'm')}) as in_scope
    from inventories i join materials m on m.id = i.material_id left join warehouses w on w.id = i.warehouse_id`;
  // The units booked here in stock inside the scope, and the scanned ones wherever they are.
  const expected = executedRows<ItemRow>(
    await db.execute(sql`${itemSelect} where i.warehouse_id = ${session.warehouseId} and i.status = 'inStock' and ${inScope(session, 'm')} order by i.inventory_number`),
  ).map(toItem);
  const scannedRows = executedRows<ItemRow>(
    await db.execute(sql`${itemSelect} where i.id in (select s.inventory_id from stock_count_scans s where s.session_id = ${id}) order by i.inventory_number`),
  );
  const expectedIds = new Set(expected.map((e) => e.id));
  const scannedIds = new Set(scannedRows.map((r) => Number(r.id)));
  const lines = await countLines(db, session);
  return {
    id: session.id,
    warehouseId: session.warehouseId,
    warehouseName: head?.warehouse_name ?? '',
    materialGroupId: session.materialGroupId,
    materialGroupName: head?.group_name ?? null,
    status: session.status,
    createdAt: session.createdAt.toISOString(),
    createdBy: head?.created_by ?? null,
    postedAt: session.postedAt?.toISOString() ?? null,
    postedBy: head?.posted_by ?? null,
    cancelledAt: session.cancelledAt?.toISOString() ?? null,
    operationIds: session.operationIds,
    postedPlan: session.postedPlan ?? null,
    found: expected.filter((e) => scannedIds.has(e.id)),
    missing: expected.filter((e) => !scannedIds.has(e.id)),
    misplaced: scannedRows.filter((r) => r.in_scope && !expectedIds.has(Number(r.id))).map(toItem),
    outOfScope: scannedRows.filter((r) => !r.in_scope).map(toItem),
    unknown: scans.filter((s) => s.inventory_id === null).map((s) => s.inventory_number),
    lines,
    scans: scans.slice(0, 50).map((s) => ({ inventoryNumber: s.inventory_number, scannedBy: s.scanned_by, scannedAt: iso(s.scanned_at) })),
  };
}

/** The quantity lines against the book (the level now), the difference valued as posting would value it. */
async function countLines(db: Db, session: Session): Promise<CountLine[]> {
  const rows = executedRows<{
    material_id: number;
    code: string;
    name: string;
    unit_code: string;
    counted: number;
    book: number;
    book_value: number | string;
    counted_at: string;
    counted_by: RecordPerson | null;
  }>(
    await db.execute(sql`
      select c.material_id, m.code, m.name, m.unit_code, c.counted_quantity::float8 as counted, coalesce(l.quantity, 0)::float8 as book,
        coalesce(l.value, 0) as book_value, c.counted_at, ${personSql('u')} as counted_by
      from stock_count_lines c join materials m on m.id = c.material_id
      left join stock_levels l on l.material_id = c.material_id and l.warehouse_id = ${session.warehouseId}
      left join users u on u.id = c.counted_by_id
      where c.session_id = ${session.id} order by m.name, m.id`),
  );
  return rows.map((r) => {
    const book = Number(r.book);
    const counted = Number(r.counted);
    const difference = roundQuantity(counted - book);
    const level = { quantity: book, value: Number(r.book_value) };
    return {
      materialId: Number(r.material_id),
      materialCode: r.code,
      materialName: r.name,
      unitCode: r.unit_code,
      bookQuantity: book,
      countedQuantity: counted,
      difference,
      value: difference < 0 ? -outflowValue(level, -difference) : surplusValue(level, difference),
      countedBy: r.counted_by,
      countedAt: iso(r.counted_at),
    };
  });
}

/** What a surplus of `quantity` comes in at: the moving average now (0 when nothing is left to average). */
const surplusUnitCost = (level: { quantity: number; value: number }) => (level.quantity > 0 ? Math.round(level.value / level.quantity) : 0);
const surplusValue = (level: { quantity: number; value: number }, quantity: number) => Math.round(surplusUnitCost(level) * quantity);

/** The level (quantity, value) of each (material, warehouse) of `pairs`, one query. */
async function levelsOf(db: Db, pairs: { materialId: number; warehouseId: number }[]): Promise<Map<string, { quantity: number; value: number }>> {
  const out = new Map<string, { quantity: number; value: number }>();
  if (pairs.length === 0) return out;
  const rows = executedRows<{ m: number; w: number; q: number; v: number | string }>(
    await db.execute(sql`
      select l.material_id as m, l.warehouse_id as w, l.quantity::float8 as q, l.value as v from stock_levels l
      where (l.material_id, l.warehouse_id) in (select p.m, p.w from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ m: p.materialId, w: p.warehouseId })))}::jsonb) as p(m int, w int))`),
  );
  for (const r of rows) out.set(`${r.m}:${r.w}`, { quantity: Number(r.q), value: Number(r.v) });
  return out;
}

/** Items grouped by (material, warehouse). */
const byPair = (items: CountItem[], warehouseOf: (i: CountItem) => number) => {
  const map = new Map<string, { materialId: number; warehouseId: number; items: CountItem[] }>();
  for (const item of items) {
    const w = warehouseOf(item);
    const k = `${item.materialId}:${w}`;
    const entry = map.get(k) ?? { materialId: item.materialId, warehouseId: w, items: [] };
    entry.items.push(item);
    map.set(k, entry);
  }
  return [...map.values()];
};

/**
 * What posting `state` would write now (contracts countPlan). Values as the ledger will post them:
 * the write-off first (missing units of a material leave at its moving average in this
 * warehouse, quantities short likewise), then the transfers (each source warehouse's average),
 * then the surplus (at this warehouse's average).
 */
export async function planOf(db: Db, state: CountSession): Promise<CountPlan> {
  const transfers = state.misplaced.filter((m) => m.status === 'inStock' && m.warehouseId !== null && m.warehouseId !== state.warehouseId);
  const reportedOnly = state.misplaced.filter((m) => !transfers.includes(m));
  const adjustments = state.lines.filter((l) => l.difference !== 0);
  const missingPairs = byPair(state.missing, () => state.warehouseId);
  const transferPairs = byPair(transfers, (i) => i.warehouseId!);
  const levels = await levelsOf(db, [...missingPairs, ...transferPairs]);
  const valueOf = (pairs: typeof missingPairs) =>
    pairs.reduce((sum, p) => sum + outflowValue(levels.get(`${p.materialId}:${p.warehouseId}`) ?? { quantity: 0, value: 0 }, p.items.length), 0);
  const short = adjustments.filter((a) => a.difference < 0);
  return {
    figures: { writeOffs: state.missing.length, transfers: transfers.length, adjustments: adjustments.length },
    writeOffs: { items: state.missing, value: valueOf(missingPairs) },
    transfers: { items: transfers, value: valueOf(transferPairs) },
    adjustments: { items: adjustments, value: adjustments.reduce((s, a) => s + a.value, 0) },
    reasonRequired: state.missing.length > 0 || short.length > 0,
    reportedOnly,
  };
}

/** GET plan: the plan of an open (or any) session. */
export async function countPlan(deps: AppDeps, id: number, lang: LanguageCode): Promise<CountPlan> {
  return planOf(deps.db, await countState(deps.db, id, lang));
}

/** Tells the session's viewers (their pages refetch it) that it changed. */
async function announceCount(deps: AppDeps, id: number): Promise<void> {
  await publishRecordChange(deps, COUNT_RECORD_KIND, id);
}

/** Opens a count of `warehouseId`, optionally of material group `materialGroupId` (its keeper or any-warehouse; 404 unknown group). */
export async function startCount(deps: AppDeps, user: AuthUser, input: { warehouseId: number; materialGroupId: number | null }, lang: LanguageCode): Promise<CountSession> {
  await access.require(deps, user, 'inventory.warehouses.operation', { id: input.warehouseId });
  if (input.materialGroupId !== null) {
    const [g] = executedRows<{ id: number }>(await deps.db.execute(sql`select id from material_groups where id = ${input.materialGroupId}`));
    if (!g) throw notFound('Material group not found');
  }
  const [row] = await deps.db
    .insert(stockCountSessions)
    .values({ warehouseId: input.warehouseId, materialGroupId: input.materialGroupId, createdById: user.id })
    .returning({ id: stockCountSessions.id });
  return countState(deps.db, row!.id, lang);
}

/** The count sessions, newest first (contracts countListQuery): one statement, counts by subqueries on the session's own rows. */
export async function listCounts(deps: AppDeps, query: z.output<typeof countListQuery>, lang: LanguageCode): Promise<CountListResponse> {
  const where = sql`where (${query.warehouseId}::int is null or s.warehouse_id = ${query.warehouseId}) and (${query.status}::text is null or s.status = ${query.status})`;
  const rows = executedRows<{
    id: number;
    warehouse_id: number;
    warehouse_name: string;
    material_group_id: number | null;
    group_name: string | null;
    status: CountSession['status'];
    created_at: string;
    created_by: RecordPerson | null;
    posted_at: string | null;
    scan_count: number;
    line_count: number;
  }>(
    await deps.db.execute(sql`
      select s.id, s.warehouse_id, w.name as warehouse_name, s.material_group_id,
        coalesce(nullif(g.names ->> ${lang}, ''), g.names ->> 'az') as group_name, s.status, s.created_at, ${personSql('c')} as created_by, s.posted_at,
        (select count(*)::int from stock_count_scans x where x.session_id = s.id) as scan_count,
        (select count(*)::int from stock_count_lines x where x.session_id = s.id) as line_count
      from stock_count_sessions s join warehouses w on w.id = s.warehouse_id
      left join material_groups g on g.id = s.material_group_id left join users c on c.id = s.created_by_id
      ${where} order by s.created_at desc, s.id desc limit ${query.take} offset ${query.skip}`),
  );
  const [total] = executedRows<{ n: number }>(await deps.db.execute(sql`select count(*)::int as n from stock_count_sessions s ${where}`));
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      warehouseId: Number(r.warehouse_id),
      warehouseName: r.warehouse_name,
      materialGroupId: r.material_group_id === null ? null : Number(r.material_group_id),
      materialGroupName: r.group_name,
      status: r.status,
      createdAt: iso(r.created_at),
      createdBy: r.created_by,
      postedAt: r.posted_at ? iso(r.posted_at) : null,
      scanCount: Number(r.scan_count),
      lineCount: Number(r.line_count),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** An open session `id` that `user` may count in (its warehouse's rule); 422 `countClosed` otherwise. */
async function openSession(deps: AppDeps, user: AuthUser, id: number): Promise<Session> {
  const session = await sessionRow(deps.db, id);
  await access.require(deps, user, 'inventory.warehouses.operation', { id: session.warehouseId });
  if (session.status !== 'open') throw domainRule('countClosed', 'This count is closed.', { status: session.status });
  return session;
}

/**
 * Records a scanned number — an inventory number, or a serial of exactly one unit (trimmed,
 * case-insensitive); scanned again: no change (one row per session and number, concurrent scans
 * included). 422 `countClosed` once posted or cancelled.
 */
export async function scanCount(deps: AppDeps, user: AuthUser, id: number, number: string, lang: LanguageCode): Promise<CountSession> {
  await openSession(deps, user, id);
  const normalized = number.trim().toUpperCase();
  const matches = executedRows<{ id: number; inventory_number: string }>(
    await deps.db.execute(sql`
      select id, inventory_number from inventories where upper(inventory_number) = ${normalized}
      union all
      (select id, inventory_number from inventories where upper(serial) = ${normalized} and not exists (select 1 from inventories where upper(inventory_number) = ${normalized}) limit 2)`),
  );
  const unit = matches.length === 1 ? matches[0]! : undefined;
  await deps.db
    .insert(stockCountScans)
    .values({ sessionId: id, inventoryNumber: unit ? unit.inventory_number.toUpperCase() : normalized, inventoryId: unit ? Number(unit.id) : null, scannedById: user.id })
    .onConflictDoNothing();
  await announceCount(deps, id);
  return countState(deps.db, id, lang);
}

/**
 * Saves the counted quantity of a material not kept as inventories (null: the line goes). 422
 * `countNotQuantity` (a tracked material: its units are scanned), `countOutOfScope` (outside the
 * session's material group), `countClosed`; 404 unknown material.
 */
export async function setCountLine(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: { materialId: number; countedQuantity: number | null },
  lang: LanguageCode,
): Promise<CountSession> {
  const session = await openSession(deps, user, id);
  const [mat] = executedRows<{ id: number; tracks: boolean; in_scope: boolean }>(
    await deps.db.execute(sql`select m.id, m.tracks_inventories as tracks, (${inScope(session, 'm')}) as in_scope from materials m where m.id = ${input.materialId}`),
  );
  if (!mat) throw notFound('Material not found');
  if (mat.tracks) throw domainRule('countNotQuantity', 'This material is kept as units: scan them.', { materialId: input.materialId });
  if (!mat.in_scope) throw domainRule('countOutOfScope', 'This material is outside the count.', { materialId: input.materialId });
  if (input.countedQuantity === null) {
    await deps.db.delete(stockCountLines).where(and(eq(stockCountLines.sessionId, id), eq(stockCountLines.materialId, input.materialId)));
  } else {
    const now = new Date();
    const values = { sessionId: id, materialId: input.materialId, countedQuantity: roundQuantity(input.countedQuantity), countedById: user.id, countedAt: now };
    await deps.db
      .insert(stockCountLines)
      .values(values)
      .onConflictDoUpdate({ target: [stockCountLines.sessionId, stockCountLines.materialId], set: { countedQuantity: values.countedQuantity, countedById: user.id, countedAt: now } });
  }
  await announceCount(deps, id);
  return countState(deps.db, id, lang);
}

/** Cancels an open count (nothing posted); 422 `countClosed` when it is not open. */
export async function cancelCount(deps: AppDeps, user: AuthUser, id: number, lang: LanguageCode): Promise<CountSession> {
  const session = await sessionRow(deps.db, id);
  await access.require(deps, user, 'inventory.warehouses.operation', { id: session.warehouseId });
  const done = await deps.db
    .update(stockCountSessions)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(and(eq(stockCountSessions.id, id), eq(stockCountSessions.status, 'open')))
    .returning({ id: stockCountSessions.id });
  if (done.length === 0) throw domainRule('countClosed', 'This count is closed.', { status: session.status });
  await announceCount(deps, id);
  return countState(deps.db, id, lang);
}

const sameFigures = (a: CountPlanFigures, b: CountPlanFigures) => a.writeOffs === b.writeOffs && a.transfers === b.transfers && a.adjustments === b.adjustments;

/**
 * Posts the plan of an open count in one transaction, once (see the module comment): one
 * write-off (missing units, quantities short) with `reason`, a transfer from each other warehouse
 * holding misplaced units in stock, one return of the surpluses at the moving average. `expected`:
 * the figures the keeper confirmed (409 `countPlanChanged`, details: figures, when they differ).
 * 422 `reasonRequired` when something is written off and the reason is short; `countClosed` when
 * the session is not open (posted already: nothing is posted twice). Answers the posted session.
 */
export async function postCount(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: { reason: string; expected: CountPlanFigures | null },
  lang: LanguageCode,
): Promise<CountSession> {
  const first = await sessionRow(deps.db, id);
  await access.require(deps, user, 'inventory.warehouses.operation', { id: first.warehouseId });
  const reason = input.reason.trim();
  const now = new Date();
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The lock: a second post waits here, then reads the session posted.
    const session = await sessionRow(tx, id, true);
    if (session.status !== 'open') throw domainRule('countClosed', 'This count is closed.', { status: session.status });
    const state = await countState(tx, id, lang, session);
    const plan = await planOf(tx, state);
    if (input.expected && !sameFigures(input.expected, plan.figures)) {
      throw conflict('countPlanChanged', 'The count changed since its plan was shown; look at the plan again.', { figures: plan.figures });
    }
    if (plan.reasonRequired && [...reason].length < STOCK_REASON_MIN) throw domainRule('reasonRequired', 'A write-off needs its reason.', { min: STOCK_REASON_MIN });
    const ids: number[] = [];
    const source = `count:${id}`;
    const unitLines = (items: CountItem[]): LedgerLineInput[] =>
      byPair(items, () => 0).map((p) => ({ materialId: p.materialId, quantity: p.items.length, inventoryIds: p.items.map((i) => i.id) }));
    const short = plan.adjustments.items.filter((a) => a.difference < 0);
    const surplus = plan.adjustments.items.filter((a) => a.difference > 0);
    const writeOffLines = [...unitLines(plan.writeOffs.items), ...short.map((a) => ({ materialId: a.materialId, quantity: -a.difference }))];
    if (writeOffLines.length) {
      ids.push((await postOperationInTx(tx, { kind: 'writeOff', operationDate: now, warehouseId: state.warehouseId, reason, source, lines: writeOffLines }, user.id, now)).id);
    }
    for (const from of [...new Set(plan.transfers.items.map((i) => i.warehouseId!))].sort((a, b) => a - b)) {
      const lines = unitLines(plan.transfers.items.filter((i) => i.warehouseId === from));
      ids.push((await postOperationInTx(tx, { kind: 'transfer', operationDate: now, warehouseId: from, toWarehouseId: state.warehouseId, source, lines }, user.id, now)).id);
    }
    if (surplus.length) {
      const levels = await levelsOf(tx, surplus.map((a) => ({ materialId: a.materialId, warehouseId: state.warehouseId })));
      const lines = surplus.map((a) => ({
        materialId: a.materialId,
        quantity: a.difference,
        unitCost: surplusUnitCost(levels.get(`${a.materialId}:${state.warehouseId}`) ?? { quantity: 0, value: 0 }),
      }));
      ids.push(
        (await postOperationInTx(tx, { kind: 'return', operationDate: now, warehouseId: state.warehouseId, comment: reason || null, source, lines }, user.id, now)).id,
      );
    }
    await tx
      .update(stockCountSessions)
      .set({ status: 'posted', postedAt: now, postedById: user.id, operationIds: ids, postedPlan: plan.figures })
      .where(eq(stockCountSessions.id, id));
  });
  await announceStockChange(deps, id);
  await announceCount(deps, id);
  return countState(deps.db, id, lang);
}

