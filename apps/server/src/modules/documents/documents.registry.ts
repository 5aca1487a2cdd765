import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  registryListQuery,
  registryNumber,
  saveRegistryEntryInput,
  type RegistryAction,
  type RegistryDetail,
  type RegistryListQuery,
  type RegistryRow,
  type SaveRegistryEntryInput,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documents, registryEntries, users } from '../../db/schema';
import { nextRecordNumber, numberingYear } from '../../lib/records/numbering';
import * as access from '../../lib/access';
import { approvalState, decide, openApproval, sendNotices, submitInTx, closeApprovalInTx } from '../../lib/approvals/engine';
import { registerApprovalKind } from '../../lib/approvals/registry';
import { domainRule, notFound } from '../../lib/errors';
import { isoText, jsonObject, listPageJson, type SortKey } from '../../lib/lists/list-page';
import { requireComment } from '../../lib/records/comments';
import { appendHistory, historyOf } from '../../lib/records/history';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { REGISTRY_KIND } from './documents.kind';
import { folderLevels, folderViewer, readableSql } from './documents.permissions';
import { loadReadable } from './documents.service';
import type { WarnLogger } from '../../lib/log';

/*
 * The document registry (issue #15): incoming, outgoing and internal entries numbered per kind and
 * year (OUT-2026-00042). The number is allocated in the registering transaction from
 * registry_counters (an upsert that increments the (kind, year) row: concurrent registrations
 * queue on its lock, a rolled-back one returns its number) — gap-free, restarting each year (the
 * Baku calendar year of the registration), never reused: a cancelled entry stays as VOID (frappe
 * #35587 and erpnext #57657 reuse or skip numbers by counting rows or deleting entries). Every
 * entry goes to approval on the engine (the director), approve or reject ("registry callback").
 * Everyone holding documents.registry reads the whole registry; a linked document's title shows
 * only to who may read the document.
 */

/** The registry year of an instant: the Baku calendar year (lib/records/numbering). */
export const registryYear = numberingYear;

/**
 * Takes the next number of (kind, year) inside `tx` — gap-free (see the module comment), on the one
 * counter table of every module (record_number_counters, scope `registry:<kind>`).
 */
export const nextSeq = (tx: Db, kind: string, year: number): Promise<number> => nextRecordNumber(tx, `registry:${kind}`, year);

/** Registers `registryEntry` on the approval engine: one step, the director; the entry's status mirrors the engine's. */
export function registerRegistryKind(): void {
  registerApprovalKind(REGISTRY_KIND, {
    chain: () => [{ role: 'director' }],
    decisionKey: 'documents.registry.approve',
    decisions: ['approve', 'reject'],
    mayView: (deps, user) => access.hasAction(deps, user, 'documents.registry'),
    onStatusChange: async (tx, change) => {
      if (change.to === 'RETURNED') throw domainRule('invalidTransition', 'A registry entry is approved or rejected, not returned.', { action: 'return' });
      if (['IN_APPROVAL', 'APPROVED', 'REJECTED'].includes(change.to)) {
        await tx.update(registryEntries).set({ status: change.to, updatedAt: change.at }).where(eq(registryEntries.id, change.recordId));
      }
    },
    afterChange: async (deps, recordId) => publishRecordChange(deps, REGISTRY_KIND, recordId),
  });
}

const e = registryEntries;

/** The JSON of one registry row (contracts registryRow); a linked document's title only for who may read it (`readable`). */
function rowJson(readableDocs: SQL): { row: SQL; joins: SQL } {
  return {
    row: jsonObject({
      id: e.id,
      number: e.number,
      kind: e.kind,
      year: e.year,
      subject: e.subject,
      correspondent: e.correspondent,
      status: e.status,
      documentId: e.documentId,
      documentTitle: sql`case when ${documents.id} is not null and ${readableDocs} then ${documents.title} else null end`,
      registeredBy: sql`ru.first_name || ' ' || ru.last_name`,
      registeredAt: isoText(e.createdAt),
    }),
    joins: sql`join ${users} ru on ru.id = ${e.createdBy} left join ${documents} on ${documents.id} = ${e.documentId} and ${documents.deletedAt} is null`,
  };
}

/**
 * The registry's keyset orders (issue #44), each an index's (migration 0043): registration
 * (created_at, id), number (year, kind, seq — unique).
 */
const sortKeys: Record<RegistryListQueryParsed['sort'], readonly SortKey[]> = {
  registeredAt: [{ sql: e.createdAt, type: 'timestamptz' }, { sql: e.id, type: 'int' }],
  number: [{ sql: e.year, type: 'int' }, { sql: sql`${e.kind}`, type: 'text' }, { sql: e.seq, type: 'int' }],
};
type RegistryListQueryParsed = ReturnType<typeof registryListQuery.parse>;

/**
 * One page of the registry (contracts registryListResponse) as JSON text: filters kind, status, year;
 * search in number, subject, correspondent. A keyset page of the sort's index after `after`
 * (`nextCursor` for the next one; 400 `invalidCursor` for another sort's).
 */
export async function listRegistry(deps: AppDeps, user: AuthUser, raw: RegistryListQuery): Promise<string> {
  const query = registryListQuery.parse(raw);
  const where: SQL[] = [];
  if (query.kind) where.push(eq(e.kind, query.kind));
  if (query.status) where.push(eq(e.status, query.status));
  if (query.year) where.push(eq(e.year, query.year));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${e.number} ilike ${like} or ${e.subject} ilike ${like} or ${e.correspondent} ilike ${like})`);
  }
  const viewer = await folderViewer(deps, user);
  const { row, joins } = rowJson(readableSql(viewer, await folderLevels(deps.db, viewer)));
  return listPageJson(deps.db, {
    table: e,
    where: where.length ? and(...where) : undefined,
    keyset: { keys: sortKeys[query.sort], dir: query.sortDir, ...(query.after ? { after: query.after } : {}) },
    skip: query.skip,
    take: query.take,
    row,
    joins,
  });
}

/** The entry's detail; 404 unknown. The linked document's title only when the caller may read it. */
export async function getEntry(deps: AppDeps, user: AuthUser, id: number): Promise<RegistryDetail> {
  const [found] = await deps.db.select().from(e).where(eq(e.id, id));
  if (!found) throw notFound('This registry entry does not exist.');
  let readable = false;
  if (found.documentId !== null) readable = await loadReadable(deps, user, found.documentId).then(() => true, () => false);
  const { row, joins } = rowJson(readable ? sql`true` : sql`false`);
  const page = JSON.parse(await listPageJson(deps.db, { table: e, where: eq(e.id, id), order: [asc(e.id)], skip: 0, take: 1, row, joins })) as { rows: RegistryRow[] };
  return {
    entry: { ...page.rows[0]!, voidReason: found.voidReason },
    history: await historyOf(deps.db, REGISTRY_KIND, id),
    allowedActions: await allowedActions(deps, user, id, found.status),
  };
}

/**
 * The caller's actions on the entry (contracts REGISTRY_ACTIONS): the decisions the engine allows
 * them on its pending step (none for the author, a bystander, or an entry without an open
 * approval), and `void` while it is not void for a holder of documents.registry.create — the same
 * rules the decide and void calls enforce, so a page shows no button the server would refuse.
 */
async function allowedActions(deps: AppDeps, user: AuthUser, id: number, status: string): Promise<RegistryAction[]> {
  const decisions = await approvalState(deps, user, REGISTRY_KIND, id).then(
    (state) => state.allowedDecisions,
    (): readonly string[] => [],
  );
  const actions: RegistryAction[] = (['approve', 'reject'] as const).filter((d) => decisions.includes(d));
  if (status !== 'VOID' && (await access.hasAction(deps, user, 'documents.registry.create'))) actions.push('void');
  return actions;
}

/**
 * Registers an entry: the number of its kind and year allocated in this transaction, the entry
 * written IN_APPROVAL and submitted to the director on the engine. A document to link must be
 * readable by the caller (404 otherwise).
 */
export async function register(deps: AppDeps, user: AuthUser, raw: SaveRegistryEntryInput, now = new Date(), log?: WarnLogger): Promise<RegistryDetail> {
  const input = saveRegistryEntryInput.parse(raw);
  if (input.documentId !== null) await loadReadable(deps, user, input.documentId);
  const year = registryYear(now);
  const { id, notices } = await deps.db.transaction(async (tx) => {
    const seq = await nextSeq(tx, input.kind, year);
    const number = registryNumber(input.kind, year, seq);
    const [created] = await tx
      .insert(e)
      .values({ kind: input.kind, year, seq, number, subject: input.subject, correspondent: input.correspondent, documentId: input.documentId, status: 'IN_APPROVAL', createdBy: user.id, createdAt: now, updatedAt: now })
      .returning();
    await appendHistory(tx, [{ recordKind: REGISTRY_KIND, recordId: created!.id, action: 'register', toStatus: 'DRAFT', actorId: user.id, details: { number }, createdAt: now }]);
    await openApproval(tx, { recordKind: REGISTRY_KIND, recordId: created!.id, authorId: user.id, title: input.subject, number, url: `/home/documents/registry/${created!.id}`, now });
    const notices = await submitInTx(tx, user, REGISTRY_KIND, created!.id, now);
    return { id: created!.id, notices };
  });
  await sendNotices(deps, notices, log);
  await publishRecordChange(deps, REGISTRY_KIND, id, [], log);
  return getEntry(deps, user, id);
}

/** Approve or reject (the registry callback) through the engine: the pending step's director or their substitute. */
export async function decideEntry(deps: AppDeps, user: AuthUser, id: number, decision: 'approve' | 'reject', comment: string | undefined, log?: WarnLogger): Promise<RegistryDetail> {
  const [found] = await deps.db.select({ id: e.id }).from(e).where(eq(e.id, id));
  if (!found) throw notFound('This registry entry does not exist.');
  await decide(deps, user, REGISTRY_KIND, id, decision, comment, new Date(), log);
  return getEntry(deps, user, id);
}

/** Cancels an entry: VOID with the reason (≥ 10 characters), its number kept and never given again; an open approval is closed. */
export async function voidEntry(deps: AppDeps, user: AuthUser, id: number, reason: string, now = new Date()): Promise<RegistryDetail> {
  const text = requireComment(reason, 'reason');
  await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(e).where(eq(e.id, id)).for('update');
    if (!found) throw notFound('This registry entry does not exist.');
    if (found.status === 'VOID') throw domainRule('invalidTransition', 'This entry is void already.', { status: found.status });
    await tx.update(e).set({ status: 'VOID', voidReason: text, updatedAt: now }).where(eq(e.id, id));
    await closeApprovalInTx(tx, REGISTRY_KIND, id, 'CANCELLED', now);
    await appendHistory(tx, [{ recordKind: REGISTRY_KIND, recordId: id, action: 'void', fromStatus: found.status, toStatus: 'VOID', actorId: user.id, comment: text, createdAt: now }]);
  });
  await publishRecordChange(deps, REGISTRY_KIND, id);
  return getEntry(deps, user, id);
}

/** Links the entry to a document the caller may read (null unlinks). */
export async function linkEntry(deps: AppDeps, user: AuthUser, id: number, documentId: number | null, now = new Date()): Promise<RegistryDetail> {
  const [found] = await deps.db.select({ id: e.id }).from(e).where(eq(e.id, id));
  if (!found) throw notFound('This registry entry does not exist.');
  if (documentId !== null) await loadReadable(deps, user, documentId);
  await deps.db.transaction(async (tx) => {
    await tx.update(e).set({ documentId, updatedAt: now }).where(eq(e.id, id));
    await appendHistory(tx, [{ recordKind: REGISTRY_KIND, recordId: id, action: 'link', actorId: user.id, details: { documentId }, createdAt: now }]);
  });
  // The documents grid shows a document's registry number: its cached pages are dropped.
  await publishRecordChange(deps, REGISTRY_KIND, id);
  return getEntry(deps, user, id);
}
