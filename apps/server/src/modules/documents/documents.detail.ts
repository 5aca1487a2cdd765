import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { fileExtension, type DocumentDetail, type DocumentDiff, type DocumentPreviewHtml, type DocumentRow, type FileItem, type LanguageCode } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentVersions, documents, files, modalElements, registryEntries, users } from '../../db/schema';
import { AppError, domainRule, notFound } from '../../lib/errors';
import { listPageJson } from '../../lib/lists/list-page';
import { commentsOf } from '../../lib/records/comments';
import { historyOf } from '../../lib/records/history';
import { blobStore, toFileItem } from '../files/files.service';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND } from './documents.kind';
import { docxHtml, lineDiff } from './documents.text';
import { loadReadable } from './documents.access';
import { rowJson } from './documents.lists';

const d = documents;

/*
 * A document as its page shows it (issue #15, #41): the detail, its versions, a version's bytes,
 * a DOCX version as HTML for the preview, and the line diff between two versions.
 */

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
      authorId: row.createdBy,
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

/**
 * Version `versionNo` of document `id` as HTML for the browser's preview (read on the document, as
 * the download): a DOCX file through mammoth in the extraction worker (documents.text.ts
 * docxHtml), images left out; the web sanitises it (DOMPurify) before showing it. PDF and images
 * are previewed from the download itself. 404 unknown version or missing file; 422 `noPreview`
 * (details.versionNo) when the file is no DOCX or cannot be read within the limits.
 */
export async function previewHtml(deps: AppDeps, user: AuthUser, id: number, versionNo: number): Promise<DocumentPreviewHtml> {
  const { file, stream } = await openVersion(deps, user, id, versionNo);
  if (fileExtension(file.name) !== 'docx') {
    stream.destroy();
    throw domainRule('noPreview', 'Only DOCX files are shown as HTML; PDF and images are previewed from the file.', { versionNo });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const html = await docxHtml(Buffer.concat(chunks));
  if (html === null) throw domainRule('noPreview', 'This file cannot be shown.', { versionNo });
  return { versionNo, html };
}
