import type { FileItem, RecordKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';
import { attachFiles, filesOfRecord, registerFileAccess, type FileAccessRules } from '../../modules/files/files.service';

/*
 * Attachments of records of any kind (issue #11): the files module's records keyed by
 * (record kind, id) — the kind is also the upload type (contracts UPLOAD_TYPES) a module's form
 * uploads under before the record exists.
 */

/**
 * Attaches the caller's uploads `fileIds` to record `id` of `kind`, inside the caller's
 * transaction `db` when given. 422 `fileNotAttachable` (details.fileIds) for files that are not
 * the caller's live, unattached uploads. Nothing to attach: nothing happens.
 */
export async function attachToRecord(deps: AppDeps, kind: RecordKind, id: number, fileIds: readonly number[], user: AuthUser, db: Db = deps.db): Promise<void> {
  if (fileIds.length > 0) await attachFiles(deps, fileIds, kind, id, user, db);
}

/** The live files attached to record `id` of `kind`, oldest first. */
export function attachmentsOf(deps: AppDeps, kind: RecordKind, id: number): Promise<FileItem[]> {
  return filesOfRecord(deps, kind, id);
}

/**
 * Who may read (download) and remove the attachments of records of `kind` — usually "may see the
 * record" (its visibility rule) and "may edit it". Registering again replaces the rules.
 */
export function registerRecordAttachments(
  kind: RecordKind,
  rules: FileAccessRules,
): void {
  registerFileAccess(kind, rules);
}
