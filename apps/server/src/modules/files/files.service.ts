import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  INT4_MAX,
  UPLOAD_TYPES,
  avatarUrl,
  fileExtension,
  fileUrl,
  type FileItem,
  type FileTypeDetails,
  type UploadType,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { AppError, domainRule } from '../../lib/errors';
import { createBlobStore, sanitizeFileName, type BlobStore, type TempBlob } from '../../lib/storage';
import { createPostgresBlobStore } from '../../lib/pg-blob-store';
import type { AppDeps, AuthUser } from '../../types';
import { checkContent } from './files.content';
import * as repo from './files.repository';
import type { FileRow } from './files.repository';

/*
 * Uploaded files (SPEC §7 FileUploadGlobal, uploadFile, FileServer/DownloadFile, removeFile;
 * issue #5). Who may read or remove a file:
 * - its uploader may always read it, and remove it while it belongs to no record;
 * - an avatar (`type` avatar): every signed-in user may read it;
 * - a file attached to a record (attachFiles): whoever the record's module says — modules
 *   register their rule once with registerFileAccess. Once attached, the module's remove rule
 *   alone decides, for the uploader too: a request that has moved on keeps its attachments.
 * Everyone else gets 403 `forbidden`.
 */

/** Decides for one record of a module: may `user` (read | remove the files of) record `recordId`? */
export type FileRecordRule = (deps: AppDeps, user: AuthUser, recordId: number) => Promise<boolean>;

export interface FileAccessRules {
  /** Who may download the record's files (e.g. whoever may see the request). */
  read: FileRecordRule;
  /** Who may remove the record's files (e.g. whoever may still edit it) — the uploader included; none → the uploader only. */
  remove?: FileRecordRule;
}

const accessRules = new Map<string, FileAccessRules>();

/**
 * Lets a module decide who may read (and optionally remove) the files attached to its records:
 *
 * ```ts
 * registerFileAccess('helpdeskRequest', {
 *   read: (deps, user, id) => mayViewRequest(deps, user, id),
 *   remove: (deps, user, id) => mayEditRequest(deps, user, id),
 * });
 * ```
 *
 * A bare function is the read rule. Registering a record type again replaces its rules.
 */
export function registerFileAccess(recordType: string, rules: FileRecordRule | FileAccessRules): void {
  accessRules.set(recordType, typeof rules === 'function' ? { read: rules } : rules);
}

/** The blob store of this server: DATA_DIR/files, or the database with FILE_STORE=postgres. */
export function blobStore(deps: AppDeps): BlobStore {
  return deps.config.fileStore === 'postgres'
    ? createPostgresBlobStore(deps.db, { tempRoot: path.join(deps.config.dataDir, 'files') })
    : createBlobStore(path.join(deps.config.dataDir, 'files'));
}

/** A row as the API answers it (SPEC §3 "File"). */
export function toFileItem(row: FileRow): FileItem {
  const item: FileItem = { id: row.id, name: row.originalName, url: fileUrl(row.id), type: row.uploadType, mime: row.mime, sizeBytes: row.sizeBytes };
  if (row.uploadType === 'avatar') item.publicUrl = avatarUrl(row.id, row.sha256);
  return item;
}

/** Bytes → MB with one decimal, for messages. */
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * The per-user storage quota (issue #20; UPLOAD_QUOTA_MB): 413 `storageQuotaExceeded` when the
 * live files `user` uploaded plus `requestedBytes` would exceed it. `details { usedBytes,
 * quotaBytes, requestedBytes, usedMb, quotaMb }` (bytes; MB as text with one decimal).
 */
export async function checkQuota(deps: AppDeps, user: AuthUser, requestedBytes: number): Promise<void> {
  const quotaBytes = deps.config.uploadQuotaBytes;
  const usedBytes = await repo.liveBytesOf(deps.db, user.id);
  if (usedBytes + requestedBytes <= quotaBytes) return;
  throw new AppError(
    413,
    'storageQuotaExceeded',
    `Your storage is full: ${mb(usedBytes)} MB of ${mb(quotaBytes)} MB used, and this upload needs ${mb(requestedBytes)} MB more. Remove files you no longer need.`,
    { usedBytes, quotaBytes, requestedBytes, usedMb: mb(usedBytes), quotaMb: mb(quotaBytes) },
  );
}

const allowedList = (type: UploadType) => [...UPLOAD_TYPES[type]];

/** One file part as the route received it: the name the client sent and the bytes in a temp file. */
export interface ReceivedFile {
  name: string;
  blob: TempBlob;
}

/**
 * Checks and stores the files of one upload for `user`, all or nothing: every extension must be
 * in `type`'s list (415 `fileTypeNotAllowed`) and every content must match its extension by magic
 * bytes (415 `fileContentMismatch`, e.g. an .exe renamed .pdf); then the blobs move into the
 * content-addressed store (same content stored once) and one row per file is inserted. Names are
 * sanitised (lib/storage sanitizeFileName). Temp files are removed whatever happens. Answers the
 * files in the order sent.
 */
export async function storeUploads(deps: AppDeps, user: AuthUser, type: UploadType, received: ReceivedFile[]): Promise<FileItem[]> {
  const store = blobStore(deps);
  try {
    await checkQuota(deps, user, received.reduce((sum, file) => sum + file.blob.sizeBytes, 0));
    const checked: { name: string; blob: TempBlob; mime: string }[] = [];
    for (const file of received) {
      const name = sanitizeFileName(file.name);
      const extension = fileExtension(name);
      const allowed = (UPLOAD_TYPES[type] as readonly string[]).includes(extension);
      if (!allowed) {
        throw new AppError(415, 'fileTypeNotAllowed', `"${name}" is not an allowed file type here. Allowed: ${allowedList(type).join(', ')}.`, {
          fileName: name,
          allowedExtensions: allowedList(type),
        } satisfies FileTypeDetails);
      }
      const verdict = await checkContent(file.blob.tempPath, extension);
      if (!verdict.ok) {
        throw new AppError(415, 'fileContentMismatch', `The content of "${name}" is not a .${extension} file.`, {
          fileName: name,
          allowedExtensions: allowedList(type),
          ...(verdict.detectedMime ? { detectedMime: verdict.detectedMime } : {}),
        } satisfies FileTypeDetails);
      }
      checked.push({ name, blob: file.blob, mime: verdict.mime });
    }
    const rows: repo.NewFileRow[] = [];
    for (const file of checked) {
      const { storageKey } = await store.commit(file.blob);
      rows.push({
        originalName: file.name,
        storageKey,
        mime: file.mime,
        sizeBytes: file.blob.sizeBytes,
        sha256: file.blob.sha256,
        uploadType: type,
        uploadedBy: user.id,
      });
    }
    return (await repo.insertFiles(deps.db, rows)).map(toFileItem);
  } finally {
    // Committed blobs are renamed away already; this removes the ones not kept.
    await Promise.all(received.map((file) => store.discard(file.blob)));
  }
}

/** The id a FileItem url (`files/{id}`, with or without a leading slash) names, or null. */
export function idFromUrl(url: string): number | null {
  const match = /^\/?files\/(\d{1,10})$/.exec(url.trim());
  const id = match?.[1] ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : null;
}

const fileNotFound = () => new AppError(404, 'fileNotFound', 'This file does not exist or was removed.');

async function mayRead(deps: AppDeps, user: AuthUser, row: FileRow): Promise<boolean> {
  if (row.uploadedBy === user.id || row.uploadType === 'avatar') return true;
  const rule = row.recordType && row.recordId !== null ? accessRules.get(row.recordType) : undefined;
  return rule && row.recordId !== null ? rule.read(deps, user, row.recordId) : false;
}

async function mayRemove(deps: AppDeps, user: AuthUser, row: FileRow): Promise<boolean> {
  const rule = row.recordType && row.recordId !== null ? accessRules.get(row.recordType)?.remove : undefined;
  // Attached to a record whose module decides: its rule alone, for the uploader too.
  if (rule && row.recordId !== null) return rule(deps, user, row.recordId);
  return row.uploadedBy === user.id;
}

/**
 * Opens file `url` for `user` to download: 404 `fileNotFound` (bad url, unknown or removed
 * file, or its blob missing), 403 `forbidden` (rule `notFileReader`) when the user may not see it.
 */
export async function openDownload(deps: AppDeps, user: AuthUser, url: string): Promise<{ file: FileItem; stream: Readable }> {
  const id = idFromUrl(url);
  const row = id === null ? undefined : await repo.findLiveFile(deps.db, id);
  if (!row) throw fileNotFound();
  if (!(await mayRead(deps, user, row))) {
    throw new AppError(403, 'forbidden', 'You may not open this file.', { rule: 'notFileReader' });
  }
  const store = blobStore(deps);
  // A blob lost on disk (restored backup without DATA_DIR/files) answers like a removed file.
  if (!(await store.has(row.storageKey))) throw fileNotFound();
  return { file: toFileItem(row), stream: store.open(row.storageKey) };
}

/**
 * Opens an avatar by its public reference `{id}-{first 16 hex digits of its sha256}` (contracts
 * avatarUrl). 404 `fileNotFound` for anything else: a malformed reference, a wrong hash, a file
 * that is not an avatar, a removed one.
 */
export async function openAvatar(deps: AppDeps, ref: string): Promise<{ file: FileItem; stream: Readable }> {
  const match = /^(\d{1,10})-([0-9a-f]{16})$/.exec(ref);
  const id = match ? Number(match[1]) : 0;
  const row = match && id <= INT4_MAX ? await repo.findLiveFile(deps.db, id) : undefined;
  if (!row || !match || row.uploadType !== 'avatar' || !row.sha256.startsWith(match[2]!)) throw fileNotFound();
  const store = blobStore(deps);
  if (!(await store.has(row.storageKey))) throw fileNotFound();
  return { file: toFileItem(row), stream: store.open(row.storageKey) };
}

/**
 * Removes file `id` (soft: the row keeps `deletedAt`/`deletedBy`, the blob stays): allowed for
 * its uploader while it belongs to no record (or to a record type without a remove rule), and
 * for a file attached to a record, to whoever the record's remove rule allows (the uploader too
 * only then: a help-desk request's files stay once it has left NEW).
 * 404 `fileNotFound` when unknown or removed already; 403 `forbidden` (rule `notFileRemover`)
 * with a message the client shows as is (SPEC §8 "File removal fails").
 */
export async function removeFile(deps: AppDeps, user: AuthUser, id: number): Promise<FileItem> {
  const row = await repo.findLiveFile(deps.db, id);
  if (!row) throw fileNotFound();
  if (!(await mayRemove(deps, user, row))) {
    throw new AppError(403, 'forbidden', 'Only the person who uploaded this file, or someone who may edit its record, can remove it.', {
      rule: 'notFileRemover',
    });
  }
  if (!(await repo.softDelete(deps.db, id, user.id))) throw fileNotFound();
  return toFileItem(row);
}

/**
 * For modules: attaches files the caller uploaded to one of their records (a help-desk request,
 * a contract, …), inside their transaction when `db` is given. Each id must be a live file
 * uploaded by `user` and not attached to another record (attaching again to the same record is
 * a no-op); otherwise 422 `fileNotAttachable` with `details.fileIds`. Answers the attached files.
 */
export async function attachFiles(
  deps: AppDeps,
  fileIds: readonly number[],
  recordType: string,
  recordId: number,
  user: AuthUser,
  db: Db = deps.db,
): Promise<FileItem[]> {
  const ids = [...new Set(fileIds)];
  const rows = await repo.findLiveFiles(db, ids);
  const ok = new Set(
    rows
      .filter((r) => r.uploadedBy === user.id && (r.recordType === null || (r.recordType === recordType && r.recordId === recordId)))
      .map((r) => r.id),
  );
  const refused = ids.filter((id) => !ok.has(id));
  if (refused.length > 0) {
    throw domainRule('fileNotAttachable', 'Some files cannot be attached: they are not your uploads, were removed, or belong to another record.', {
      fileIds: refused,
    });
  }
  await repo.attach(db, ids, recordType, recordId);
  return rows.sort((a, b) => a.id - b.id).map((r) => toFileItem({ ...r, recordType, recordId }));
}

/** For modules: the live files attached to a record, oldest first. */
export async function filesOfRecord(deps: AppDeps, recordType: string, recordId: number, db: Db = deps.db): Promise<FileItem[]> {
  return (await repo.liveFilesOf(db, recordType, recordId)).map(toFileItem);
}

/**
 * Live (not removed) file rows by id, in no particular order; ids with no live file are left out.
 * For modules that link to files they do not own (news covers, document versions).
 */
export const findLiveFiles = (db: Db, ids: number[]): Promise<FileRow[]> => repo.findLiveFiles(db, ids);

/** One live file row, or undefined when it does not exist or was removed. */
export const findLiveFile = (db: Db, id: number): Promise<FileRow | undefined> => repo.findLiveFile(db, id);

export type { FileRow };
