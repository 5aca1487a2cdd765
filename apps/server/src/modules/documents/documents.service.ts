import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_JUST_FINISHED_DAYS,
  levelAtLeast,
  saveDocumentInput,
  type DocumentDetail,
  type DocumentDiff,
  type DocumentListQuery,
  type DocumentRow,
  type FileItem,
  type FolderLevel,
  type LanguageCode,
  type RouteDocumentInput,
  type SaveDocumentInput,
  documentListQuery,
  routeDocumentInput,
} from '@servicedesk/contracts';
import { normalizeForSearch } from '@servicedesk/i18n';
import type { Db } from '../../db/client';
import { documentFolders, documentVersions, documents, files, modalElements, registryEntries, users } from '../../db/schema';
import { approvalStatusOf, openApproval, sendNotices, submitInTx } from '../../lib/approvals/engine';
import { registerApprovalKind } from '../../lib/approvals/registry';
import * as access from '../../lib/access';
import { AppError, domainRule, forbidden, notFound } from '../../lib/errors';
import type { ListCache } from '../../lib/lists/list-cache';
import { isoText, jsonObject, listPageJson, orderBy } from '../../lib/lists/list-page';
import { commentsOf, postComment } from '../../lib/records/comments';
import { appendHistory, historyOf } from '../../lib/records/history';
import { notifyAboutRecord } from '../../lib/records/notify';
import { registerRecordAttachments } from '../../lib/records/attachments';
import { publishRecordChange } from '../../hub/record-presence';
import { attachFiles, blobStore, findLiveFile, toFileItem, type FileRow } from '../files/files.service';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND } from './documents.kind';
import { folderLevels, folderViewer, readableDocuments, readableFolders, requireLevel, type FolderViewer, type ReadableFolders } from './documents.permissions';
import { SEARCH_TUNING, searchDocuments, type SearchTuning } from './documents.search';
import { extractText, lineDiff } from './documents.text';
import { withSmallHeap } from '../../process-memory';
import type { WarnLogger } from '../../lib/log';

/*
 * Documents of document circulation (issue #15): create and edit (write on the folder), versions
 * of the file (SHA-256, size, who, when; earlier ones stay downloadable), the text diff between two
 * versions, routing for visa / approval on the approval engine (a document changed after its
 * approval goes back to approval — a new round), the three lists of SPEC §2 and a folder's
 * content, full-text search, and who may read: the folder permission (documents.permissions.ts).
 * Errors: 404 `notFound` (unknown, in the bin, or not readable), 403 `forbidden` rule
 * `folderPermission`, 422 `documentHasNoFile` (routing without a file), `noTextToCompare` (diff of
 * files without text), `fileNotAttachable` (not the caller's fresh upload).
 */

type DocRow = typeof documents.$inferSelect;
// ---------------------------------------------------------------------------------------------
// Who may read / write a document
// ---------------------------------------------------------------------------------------------

/** The viewer's level on a document row: its folder's level; a document at the root is its author's (and folder administrators'). */
export function docLevel(row: Pick<DocRow, 'folderId' | 'createdBy'>, viewer: FolderViewer, levels: Map<number, FolderLevel>): FolderLevel | null {
  if (row.folderId === null) return viewer.manageAll || row.createdBy === viewer.userId ? 'manage' : null;
  return levels.get(row.folderId) ?? null;
}

/** The live document `id` and the caller's level on it; 404 when unknown or in the bin, 403 `forbidden` rule `folderPermission` when not readable. */
export async function loadReadable(deps: AppDeps, user: AuthUser, id: number): Promise<{ row: DocRow; level: FolderLevel }> {
  const [row] = await deps.db.select().from(documents).where(and(eq(documents.id, id), isNull(documents.deletedAt)));
  if (!row) throw notFound('This document does not exist or you may not see it.');
  const viewer = await folderViewer(deps, user);
  // The people of its route read it (they give a visa or approve it) without a folder permission.
  const level = docLevel(row, viewer, await folderLevels(deps.db, viewer)) ?? (onRoute(row, user.id) ? 'read' : null);
  if (!level) throw forbidden('folderPermission', 'You have no permission on this document’s folder.', { documentId: id, needed: 'read', level: null });
  return { row, level };
}

/** Whether `userId` is one of the people of the document's route. */
const onRoute = (row: Pick<DocRow, 'route'>, userId: number): boolean => (row.route ?? []).some((step) => step.userIds.includes(userId));

/** {@link loadReadable} requiring `needed` (403 `forbidden` rule `folderPermission` when lower). */
export async function loadWithLevel(deps: AppDeps, user: AuthUser, id: number, needed: FolderLevel): Promise<{ row: DocRow; level: FolderLevel }> {
  const found = await loadReadable(deps, user, id);
  if (!levelAtLeast(found.level, needed)) {
    throw forbidden('folderPermission', `You need ${needed} permission on this document's folder.`, { documentId: id, needed, level: found.level });
  }
  return found;
}

/** Whether `user` may read document `id` (files, versions, approval, record presence). */
export async function mayReadDocument(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  try {
    await loadReadable(deps, user, id);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Everyone with a part in a document: its author and the people of its route (RecordChanged's audience). */
function audience(row: DocRow): number[] {
  return [...new Set([row.createdBy, ...(row.route ?? []).flatMap((s) => s.userIds)])];
}

async function announce(deps: AppDeps, id: number, log?: WarnLogger): Promise<void> {
  const [row] = await deps.db.select().from(documents).where(eq(documents.id, id));
  if (row) await publishRecordChange(deps, DOCUMENT_KIND, id, audience(row), log);
}

// ---------------------------------------------------------------------------------------------
// Registration: record rule, attachments, the approval kind
// ---------------------------------------------------------------------------------------------

/** Registers the record rule of `documents.circulation*`, the file access of `document` uploads and the `document` approval kind (idempotent). */
export function registerDocumentKinds(): void {
  access.registerRecordRule('documents.circulation', async ({ deps, user, record }) =>
    (await mayReadDocument(deps, user, record.id))
      ? { allowed: true, rule: 'folderPermission', params: { documentId: record.id } }
      : { allowed: false, rule: 'notRecordParticipant', params: { documentId: record.id } },
  );
  // Versions are files attached to the document: whoever may read it downloads them; nobody
  // removes one (a version is history) — the document goes to the bin as a whole.
  registerRecordAttachments(DOCUMENT_KIND, { read: mayReadDocument, remove: async () => false });
  registerApprovalKind(DOCUMENT_KIND, {
    chain: async ({ recordId, db }) => {
      const [row] = await db.select({ route: documents.route }).from(documents).where(eq(documents.id, recordId));
      return (row?.route ?? []).map((step) => ({ users: step.userIds, mode: step.mode }));
    },
    mayView: mayReadDocument,
    onStatusChange: async (tx, change) => {
      const finished = change.to === 'APPROVED' || change.to === 'REJECTED';
      await tx
        .update(documents)
        .set({ status: change.to, updatedAt: change.at, ...(finished ? { finishedAt: change.at } : change.to === 'SUBMITTED' ? { finishedAt: null } : {}) })
        .where(eq(documents.id, change.recordId));
    },
    afterChange: async (deps, recordId) => announce(deps, recordId),
  });
}

// ---------------------------------------------------------------------------------------------
// Lists and search
// ---------------------------------------------------------------------------------------------

const d = documents;
const sortColumns = { updatedAt: d.updatedAt, title: d.title, status: d.status } as const;
const UNFINISHED = ['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'RETURNED'];
const FINISHED = ['APPROVED', 'REJECTED', 'PROCESSED'];

/** The words of a search term, folded as the stored text (at most 10). */
function searchWords(search: string): string[] {
  return normalizeForSearch(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
}

/** The full-text query of the words of a search term (every word must occur, the last as a prefix). */
function tsQuery(words: readonly string[]): SQL {
  // Whole words, and the last one also as a prefix (it may still be being typed): a common word as
  // a prefix matches most rows (bench/documents), so the others are not widened.
  return sql`to_tsquery('simple', ${words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')})`;
}

/** Characters of the text the snippet is cut from, and how many of them come before the first word found. */
export const SNIPPET_CHARS = 150;
const SNIPPET_BEFORE = 40;

/**
 * The search snippet: `ts_headline` (the query's words between « and ») over {@link SNIPPET_CHARS}
 * characters of the stored text from a little before the first word of the search, cut at a word's
 * start — not over the whole text: ts_headline parses all it is given (bench/documents: 100 rows of
 * ~900 characters cost 9 ms, of 150 characters ~1 ms), and an extracted text may hold up to
 * TEXT_MAX_CHARS. A word is looked for where a word starts (after a space: the stored text has single
 * spaces) and else anywhere (after punctuation, or inside a longer word — then the snippet may miss
 * the mark, never the row), with `strpos`: a regular expression costs ten times as much.
 */
function snippetSql(words: readonly string[], query: SQL): SQL {
  const t = d.searchText;
  const firstOf = (w: string) => sql`coalesce(nullif(case when starts_with(${t}, ${w}) then 1 else strpos(${t}, ${` ${w}`}) end, 0), nullif(strpos(${t}, ${w}), 0))`;
  const from = sql`greatest(1, coalesce(least(${sql.join(words.map(firstOf), sql`, `)}), 1) - ${SNIPPET_BEFORE})`;
  // From the first space on when the cut fell inside a word. (`offset 0`: the start is worked out
  // once, not once per use.)
  return sql`(select ts_headline('simple', case when cut.at = 1 then cut.part else substr(cut.part, strpos(cut.part, ' ') + 1) end,
      ${query}, 'MaxWords=18, MinWords=6, StartSel=«, StopSel=»')
    from (select start.at, substr(${t}, start.at, ${SNIPPET_CHARS}) as part from (select ${from} as at offset 0) start) cut)`;
}

/** The JSON of one list row (contracts documentRow) in `lang`; `search` adds the search snippet. */
function rowJson(lang: LanguageCode, search: { words: readonly string[]; query: SQL } | null): { row: SQL; joins: SQL } {
  return {
    row: jsonObject({
      id: d.id,
      title: d.title,
      typeCode: d.typeCode,
      typeName: sql`coalesce(st.names ->> ${lang}, st.names ->> 'az', ${d.typeCode})`,
      folderId: d.folderId,
      folderName: sql`df.name`,
      status: d.status,
      versionCount: d.versionCount,
      forVendorInvoice: d.forVendorInvoice,
      author: sql`au.first_name || ' ' || au.last_name`,
      updatedAt: isoText(d.updatedAt),
      finishedAt: sql`case when ${d.finishedAt} is null then null else ${isoText(d.finishedAt)} end`,
      registryNumber: sql`(select r.number from ${registryEntries} r where r.document_id = ${d.id} and r.status <> 'VOID' order by r.id desc limit 1)`,
      snippet: search ? snippetSql(search.words, search.query) : sql`null::text`,
    }),
    joins: sql`left join ${documentFolders} df on df.id = ${d.folderId}
      join ${users} au on au.id = ${d.createdBy}
      left join specodes st on st.key = 'documentType' and st.code = ${d.typeCode}`,
  };
}

/**
 * One page of a circulation list as the JSON text of contracts documentListResponse: `unfinished`
 * (not yet through routing), `justFinished` (approved or rejected in the last
 * DOCUMENT_JUST_FINISHED_DAYS days), `justFinishedForVendorInvoice` (those marked for a vendor
 * invoice), `folder` (a folder's documents; without folderId the caller's documents at the root);
 * `search` full-text over titles and file text — always inside what the caller may read. Sorted by
 * time (the lists' order) a search plans by the word's selectivity (documents.search.ts; `tuning` is
 * for tests); by title or status it is one statement.
 *
 * With `cache` (the route's ListCache, lib/lists/list-cache.ts) a page asked again within seconds is
 * answered from memory — after the permission check, under a key holding what the caller may read as
 * resolved for this call (their id — the root and the route are theirs —, whether they manage every
 * folder, the ids of the folders they read), the validated query and the language: a caller whose
 * folders changed (a permission, a group, a folder moved or deleted) asks under another key, so never
 * gets a page computed for what they could read before; and every change of a document, a folder or
 * its permissions, or a registry entry drops every page (documents.routes.ts). The lists in time
 * (`justFinished`: the last DOCUMENT_JUST_FINISHED_DAYS days) may lag `now` by the cache's seconds.
 * With `levelsCache` what the caller may read is itself kept (documents.permissions.ts
 * readableFolders: under their groups as read on this call, dropped by every folder or permission
 * change) — a change made through the API shows at once; one written behind its back (no
 * announcement) within the cache's seconds.
 */
export async function listDocuments(
  deps: AppDeps,
  user: AuthUser,
  raw: DocumentListQuery,
  lang: LanguageCode,
  now = new Date(),
  tuning: SearchTuning = SEARCH_TUNING,
  cache?: ListCache,
  levelsCache?: ListCache<ReadableFolders>,
): Promise<string> {
  const query = documentListQuery.parse(raw);
  const viewer = await folderViewer(deps, user);
  const { levels, liveFolders } = await readableFolders(deps.db, viewer, levelsCache);
  const scope: SQL[] = [isNull(d.deletedAt)];
  const since = new Date(now.getTime() - DOCUMENT_JUST_FINISHED_DAYS * 86_400_000).toISOString();
  switch (query.scope) {
    case 'unfinished':
      scope.push(inArray(d.status, UNFINISHED));
      break;
    case 'justFinished':
      scope.push(inArray(d.status, FINISHED), sql`${d.finishedAt} >= ${since}::timestamptz`);
      break;
    case 'justFinishedForVendorInvoice':
      scope.push(inArray(d.status, FINISHED), sql`${d.finishedAt} >= ${since}::timestamptz`, eq(d.forVendorInvoice, true));
      break;
    case 'folder':
      if (query.folderId !== undefined) {
        if (!levels.has(query.folderId)) throw forbidden('folderPermission', 'You have no permission on this folder.', { folderId: query.folderId, needed: 'read', level: null });
        scope.push(eq(d.folderId, query.folderId));
      } else {
        scope.push(isNull(d.folderId));
      }
      break;
  }
  if (cache) {
    const key = JSON.stringify([viewer.userId, viewer.manageAll, [...levels.keys()].sort((a, b) => a - b), query, lang]);
    return cache.get(key, () => documentsPage(deps, viewer, levels, liveFolders, query, scope, lang, tuning));
  }
  return documentsPage(deps, viewer, levels, liveFolders, query, scope, lang, tuning);
}

/** The page of {@link listDocuments} computed: `scope` the list's conditions, `levels` what the viewer reads (of `liveFolders` folders). */
async function documentsPage(
  deps: AppDeps,
  viewer: FolderViewer,
  levels: Map<number, FolderLevel>,
  liveFolders: number,
  query: ReturnType<typeof documentListQuery.parse>,
  scope: SQL[],
  lang: LanguageCode,
  tuning: SearchTuning,
): Promise<string> {
  const readable = readableDocuments(viewer, levels);
  const words = query.search ? searchWords(query.search) : [];
  const search = words.length ? { words, query: tsQuery(words) } : null;
  const { row, joins } = rowJson(lang, search);
  if (search && query.sort === 'updatedAt') {
    // The lists' own order: the plan follows the term's selectivity (documents.search.ts).
    const readShare = viewer.manageAll || liveFolders === 0 ? 1 : levels.size / liveFolders;
    const plan = { scope: and(...scope)!, readable, readShare, query: search.query, dir: query.sortDir, skip: query.skip, take: query.take };
    return searchDocuments(deps.db, plan, { row, joins }, tuning);
  }
  // By title or status no index gives the order: every match is read and sorted either way.
  const where = [...scope, sql`(${readable.inFolders} or ${readable.atRoot} or ${readable.routed})`];
  if (search) where.push(sql`${d.searchVector} @@ ${search.query}`);
  return listPageJson(deps.db, {
    table: d,
    where: and(...where),
    order: [...orderBy([sortColumns[query.sort]], query.sortDir), ...orderBy([d.id], query.sortDir)],
    skip: query.skip,
    take: query.take,
    row,
    joins,
  });
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

/** The document's detail (contracts documentDetail); 404 as {@link loadReadable}. */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number, lang: LanguageCode): Promise<DocumentDetail> {
  const { row, level } = await loadReadable(deps, user, id);
  const { row: json, joins } = rowJson(lang, null);
  const page = JSON.parse(await listPageJson(deps.db, { table: d, where: eq(d.id, id), order: [asc(d.id)], skip: 0, take: 1, row: json, joins })) as { rows: DocumentRow[] };
  const elementIds = [...(row.destinationId !== null ? [row.destinationId] : []), ...row.tagIds];
  const names = elementIds.length
    ? new Map((await deps.db.select({ id: modalElements.id, name: modalElements.name }).from(modalElements).where(inArray(modalElements.id, elementIds))).map((e) => [e.id, e.name]))
    : new Map<number, string>();
  const [versions, history, comments, registry] = await Promise.all([
    versionsOf(deps.db, id),
    historyOf(deps.db, DOCUMENT_KIND, id),
    commentsOf(deps.db, DOCUMENT_KIND, id),
    deps.db
      .select({ id: registryEntries.id, number: registryEntries.number, status: registryEntries.status })
      .from(registryEntries)
      .where(eq(registryEntries.documentId, id))
      .orderBy(asc(registryEntries.id)),
  ]);
  return {
    document: {
      ...page.rows[0]!,
      destinationId: row.destinationId,
      destinationName: row.destinationId !== null ? (names.get(row.destinationId) ?? null) : null,
      tagIds: row.tagIds,
      tagNames: row.tagIds.map((t) => names.get(t)).filter((n): n is string => n !== undefined),
      createdAt: row.createdAt.toISOString(),
    },
    versions,
    history,
    comments,
    level,
    registryEntries: registry,
  };
}

/** The versions of document `id`, newest first. */
async function versionsOf(db: Db, id: number): Promise<DocumentDetail['versions']> {
  const rows = await db
    .select({ v: documentVersions, file: files, f: users.firstName, l: users.lastName })
    .from(documentVersions)
    .innerJoin(files, eq(files.id, documentVersions.fileId))
    .innerJoin(users, eq(users.id, documentVersions.createdBy))
    .where(eq(documentVersions.documentId, id))
    .orderBy(desc(documentVersions.versionNo));
  return rows.map(({ v, file, f, l }) => ({
    versionNo: v.versionNo,
    file: toFileItem(file),
    sha256: v.sha256,
    sizeBytes: v.sizeBytes,
    hasText: v.text !== null,
    createdBy: { id: v.createdBy, name: `${f} ${l}` },
    createdAt: v.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Saving, versions, routing
// ---------------------------------------------------------------------------------------------

/** A fresh upload of the caller read for a version: its row and extracted text (before the transaction: extraction is slow). */
async function readUpload(deps: AppDeps, user: AuthUser, fileId: number): Promise<{ file: FileRow; text: string | null }> {
  const file = await findLiveFile(deps.db, fileId);
  if (!file || file.uploadedBy !== user.id || file.recordType !== null) {
    throw domainRule('fileNotAttachable', 'This file cannot become a version: it is not your fresh upload.', { fileIds: [fileId] });
  }
  const chunks: Buffer[] = [];
  const stream = blobStore(deps).open(file.storageKey);
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { file, text: await withSmallHeap(() => extractText(file.originalName, Buffer.concat(chunks))) };
}

/** Inserts the next version of `doc` from `upload` inside `tx`: attaches the file, writes the version, the search text and a history row. */
async function insertVersion(tx: Db, deps: AppDeps, user: AuthUser, doc: DocRow, title: string, upload: { file: FileRow; text: string | null }, now: Date): Promise<void> {
  await attachFiles(deps, [upload.file.id], DOCUMENT_KIND, doc.id, user, tx);
  const [counted] = await tx
    .update(documents)
    .set({ versionCount: sql`${documents.versionCount} + 1`, searchText: normalizeForSearch(`${title}\n${upload.text ?? ''}`), updatedAt: now })
    .where(eq(documents.id, doc.id))
    .returning({ versionNo: documents.versionCount });
  await tx.insert(documentVersions).values({
    documentId: doc.id,
    versionNo: counted!.versionNo,
    fileId: upload.file.id,
    sha256: upload.file.sha256,
    sizeBytes: upload.file.sizeBytes,
    text: upload.text,
    createdBy: user.id,
    createdAt: now,
  });
  await appendHistory(tx, [
    { recordKind: DOCUMENT_KIND, recordId: doc.id, action: 'newVersion', actorId: user.id, details: { versionNo: counted!.versionNo, sha256: upload.file.sha256, name: upload.file.originalName }, createdAt: now },
  ]);
}

/**
 * A document changed after its approval goes back to approval (issue #15; Nextcloud Approval keeps
 * it approved: nextcloud/approval#252): the engine's APPROVED → SUBMITTED → IN_APPROVAL, a new
 * round of the same route. Inside `tx`; answers the notices to send after the commit.
 */
async function reapproveIfApproved(tx: Db, user: AuthUser, id: number, now: Date) {
  if ((await approvalStatusOf(tx, DOCUMENT_KIND, id)) !== 'APPROVED') return [];
  return submitInTx(tx, user, DOCUMENT_KIND, id, now, { changedAfterApproval: true });
}

/**
 * Creates (no id: write on the folder) or edits a document (write on its folder; a new folder
 * needs write there too). `fileId` adds the next version. An edit of an approved document sends
 * it back to approval.
 */
export async function saveDocument(deps: AppDeps, user: AuthUser, raw: SaveDocumentInput, lang: LanguageCode, now = new Date(), log?: WarnLogger): Promise<DocumentDetail> {
  const input = saveDocumentInput.parse(raw);
  await requireLevel(deps, user, input.folderId, 'write');
  const existing = input.id !== undefined ? (await loadWithLevel(deps, user, input.id, 'write')).row : undefined;
  await checkElements(deps.db, input.destinationId, input.tagIds);
  const upload = input.fileId !== undefined ? await readUpload(deps, user, input.fileId) : null;
  const fields = {
    folderId: input.folderId,
    title: input.title,
    typeCode: input.typeCode,
    destinationId: input.destinationId,
    tagIds: input.tagIds,
    forVendorInvoice: input.forVendorInvoice,
  };
  const { id, notices } = await deps.db.transaction(async (tx) => {
    if (!existing) {
      const [created] = await tx
        .insert(documents)
        .values({ ...fields, searchText: normalizeForSearch(input.title), createdBy: user.id, createdAt: now, updatedAt: now })
        .returning();
      await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: created!.id, action: 'create', toStatus: 'DRAFT', actorId: user.id, createdAt: now }]);
      if (upload) await insertVersion(tx, deps, user, created!, input.title, upload, now);
      return { id: created!.id, notices: [] };
    }
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => JSON.stringify(existing[k]) !== JSON.stringify(fields[k]));
    if (changed.length) {
      const [latest] = await tx.select({ text: documentVersions.text }).from(documentVersions).where(eq(documentVersions.documentId, existing.id)).orderBy(desc(documentVersions.versionNo)).limit(1);
      await tx
        .update(documents)
        .set({ ...fields, searchText: normalizeForSearch(`${input.title}\n${latest?.text ?? ''}`), updatedAt: now })
        .where(eq(documents.id, existing.id));
      await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: existing.id, action: 'update', actorId: user.id, details: { fields: changed }, createdAt: now }]);
    }
    if (upload) await insertVersion(tx, deps, user, existing, input.title, upload, now);
    const notices = changed.length || upload ? await reapproveIfApproved(tx, user, existing.id, now) : [];
    return { id: existing.id, notices };
  });
  await sendNotices(deps, notices, log);
  await announce(deps, id, log);
  return getDetail(deps, user, id, lang);
}

/** 422 `unknownElement` when the destination is not an active document destination, or a tag not an active tag. */
async function checkElements(db: Db, destinationId: number | null, tagIds: readonly number[]): Promise<void> {
  const ids = [...(destinationId !== null ? [destinationId] : []), ...tagIds];
  if (ids.length === 0) return;
  const rows = await db.select({ id: modalElements.id, kind: modalElements.kind, isActive: modalElements.isActive }).from(modalElements).where(inArray(modalElements.id, ids));
  const ok = (id: number, kind: string) => rows.some((r) => r.id === id && r.kind === kind && r.isActive);
  const bad = [...(destinationId !== null && !ok(destinationId, 'documentDestination') ? [destinationId] : []), ...tagIds.filter((t) => !ok(t, 'tag'))];
  if (bad.length) throw domainRule('unknownElement', 'Some destinations or tags do not exist or are inactive.', { ids: bad });
}

/** Adds the next version of document `id` from the caller's upload `fileId` (write on its folder). */
export async function addVersion(deps: AppDeps, user: AuthUser, id: number, fileId: number, lang: LanguageCode, now = new Date(), log?: WarnLogger): Promise<DocumentDetail> {
  const { row } = await loadWithLevel(deps, user, id, 'write');
  const upload = await readUpload(deps, user, fileId);
  const notices = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
    await insertVersion(tx, deps, user, locked ?? row, (locked ?? row).title, upload, now);
    return reapproveIfApproved(tx, user, id, now);
  });
  await sendNotices(deps, notices, log);
  await announce(deps, id, log);
  return getDetail(deps, user, id, lang);
}

/**
 * Sends document `id` on `route` for visa / approval (write on its folder): the first time opens
 * its approval on the engine and submits it; after a return (RETURNED) its author submits it again
 * on the new route. 422 `documentHasNoFile`; the engine's 422 `invalidTransition` (already in
 * routing, or finished), `noApprover` (a step names only the author or inactive people), 403
 * `notAuthor`.
 */
export async function routeDocument(deps: AppDeps, user: AuthUser, id: number, raw: RouteDocumentInput, lang: LanguageCode, now = new Date(), log?: WarnLogger): Promise<DocumentDetail> {
  const input = routeDocumentInput.parse(raw);
  const { row } = await loadWithLevel(deps, user, id, 'write');
  if (row.versionCount === 0) throw domainRule('documentHasNoFile', 'Add a file before sending the document for approval.', { documentId: id });
  const notices = await deps.db.transaction(async (tx) => {
    await tx.update(documents).set({ route: input.steps, updatedAt: now }).where(eq(documents.id, id));
    if ((await approvalStatusOf(tx, DOCUMENT_KIND, id)) === null) {
      await openApproval(tx, { recordKind: DOCUMENT_KIND, recordId: id, authorId: user.id, title: row.title, number: null, url: `/home/documents/circulation/${id}`, now });
    }
    return submitInTx(tx, user, DOCUMENT_KIND, id, now);
  });
  await sendNotices(deps, notices, log);
  await announce(deps, id, log);
  return getDetail(deps, user, id, lang);
}

/** Moves document `id` to folder `folderId` (write on both). */
export async function moveDocument(deps: AppDeps, user: AuthUser, id: number, folderId: number, lang: LanguageCode, now = new Date()): Promise<DocumentDetail> {
  const { row } = await loadWithLevel(deps, user, id, 'write');
  await requireLevel(deps, user, folderId, 'write');
  await deps.db.transaction(async (tx) => {
    await tx.update(documents).set({ folderId, updatedAt: now }).where(eq(documents.id, id));
    await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: id, action: 'move', actorId: user.id, details: { from: row.folderId, to: folderId }, createdAt: now }]);
  });
  await announce(deps, id);
  return getDetail(deps, user, id, lang);
}

/** Moves document `id` to the recycle bin (write on its folder): who and when; a routing in progress is cancelled. */
export async function deleteDocument(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<void> {
  await loadWithLevel(deps, user, id, 'write');
  await deps.db.transaction(async (tx) => {
    await tx.update(documents).set({ deletedAt: now, deletedBy: user.id, updatedAt: now }).where(eq(documents.id, id));
    await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: id, action: 'delete', actorId: user.id, createdAt: now }]);
  });
  await announce(deps, id);
}

/** Adds a comment (read suffices); the @mentioned are notified. */
export async function addComment(deps: AppDeps, user: AuthUser, id: number, input: { text: string; mentionedUserIds: number[] }, log?: WarnLogger) {
  const { row } = await loadReadable(deps, user, id);
  const { comment, mentioned } = await postComment(deps.db, DOCUMENT_KIND, id, user.id, input);
  await notifyAboutRecord(deps, DOCUMENT_KIND, id, mentioned, 'notifications.mentioned', { title: row.title }, user.id, log);
  await announce(deps, id, log);
  return comment;
}

// ---------------------------------------------------------------------------------------------
// Versions: download and diff
// ---------------------------------------------------------------------------------------------

/** Opens version `versionNo` of document `id` for download (read on its folder): 404 unknown version. */
export async function openVersion(deps: AppDeps, user: AuthUser, id: number, versionNo: number): Promise<{ file: FileItem; stream: Readable }> {
  await loadReadable(deps, user, id);
  const [found] = await deps.db
    .select({ file: files })
    .from(documentVersions)
    .innerJoin(files, eq(files.id, documentVersions.fileId))
    .where(and(eq(documentVersions.documentId, id), eq(documentVersions.versionNo, versionNo)));
  if (!found) throw notFound('This version does not exist.');
  const store = blobStore(deps);
  if (!(await store.has(found.file.storageKey))) throw new AppError(404, 'fileNotFound', 'The file of this version is missing.');
  return { file: toFileItem(found.file), stream: store.open(found.file.storageKey) };
}

/** The line diff between versions `from` and `to` of document `id` (read); 422 `noTextToCompare` when either has no text. */
export async function diffVersions(deps: AppDeps, user: AuthUser, id: number, from: number, to: number): Promise<DocumentDiff> {
  await loadReadable(deps, user, id);
  const rows = await deps.db
    .select({ versionNo: documentVersions.versionNo, text: documentVersions.text })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, id), inArray(documentVersions.versionNo, [from, to])));
  const a = rows.find((r) => r.versionNo === from);
  const b = rows.find((r) => r.versionNo === to);
  if (!a || !b) throw notFound('This version does not exist.');
  if (a.text === null || b.text === null) {
    throw domainRule('noTextToCompare', 'Only PDF, DOCX and text files can be compared.', { from, to });
  }
  return { from, to, ...lineDiff(a.text, b.text) };
}
