import { desc, eq, inArray, sql } from 'drizzle-orm';
import { saveDocumentInput, type DocumentDetail, type LanguageCode, type SaveDocumentInput } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentVersions, documents, modalElements } from '../../db/schema';
import { sendNotices } from '../../lib/approvals/engine';
import { domainRule } from '../../lib/errors';
import { postComment } from '../../lib/records/comments';
import { appendHistory } from '../../lib/records/history';
import { notifyAboutRecord } from '../../lib/records/notify';
import { attachFiles, blobStore, findLiveFile, type FileRow } from '../files/files.service';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND } from './documents.kind';
import { requireLevel } from './documents.permissions';
import { extractText } from './documents.text';
import type { WarnLogger } from '../../lib/log';
import { announce, loadReadable, loadWithLevel, type DocRow } from './documents.access';
import { reapproveIfApproved } from './documents.chain';
import { getDetail } from './documents.detail';
import { searchColumns } from './documents.snippet';

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

// ---------------------------------------------------------------------------------------------
// Saving, versions, routing
// ---------------------------------------------------------------------------------------------

/**
 * A fresh upload of the caller read for a version: its row and extracted text (before the
 * transaction: extraction is slow). The text is extracted in its worker thread, within that
 * worker's own heap limit (documents.text.ts), so the request thread's heap is left as it is.
 */
async function readUpload(deps: AppDeps, user: AuthUser, fileId: number): Promise<{ file: FileRow; text: string | null }> {
  const file = await findLiveFile(deps.db, fileId);
  if (!file || file.uploadedBy !== user.id || file.recordType !== null) {
    throw domainRule('fileNotAttachable', 'This file cannot become a version: it is not your fresh upload.', { fileIds: [fileId] });
  }
  const chunks: Buffer[] = [];
  const stream = blobStore(deps).open(file.storageKey);
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { file, text: await extractText(file.originalName, Buffer.concat(chunks)) };
}

/** Inserts the next version of `doc` from `upload` inside `tx`: attaches the file, writes the version, the search text and a history row. */
async function insertVersion(tx: Db, deps: AppDeps, user: AuthUser, doc: DocRow, title: string, upload: { file: FileRow; text: string | null }, now: Date): Promise<void> {
  await attachFiles(deps, [upload.file.id], DOCUMENT_KIND, doc.id, user, tx);
  const [counted] = await tx
    .update(documents)
    .set({ versionCount: sql`${documents.versionCount} + 1`, ...searchColumns(title, upload.text), updatedAt: now })
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
        .values({ ...fields, ...searchColumns(input.title, null), createdBy: user.id, createdAt: now, updatedAt: now })
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
        .set({ ...fields, ...searchColumns(input.title, latest?.text), updatedAt: now })
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

export { docLevel, loadReadable, loadWithLevel, mayReadDocument } from './documents.access';
export { registerDocumentKinds, routeDocument } from './documents.chain';
export { diffVersions, getDetail, openVersion } from './documents.detail';
export { SNIPPET_CHARS, listDocuments } from './documents.lists';
