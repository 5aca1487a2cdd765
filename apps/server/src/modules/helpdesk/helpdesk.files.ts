import type { FileItem } from '@servicedesk/contracts';
import type { AppDeps, AuthUser } from '../../types';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { attachFiles, filesOfRecord } from '../files/files.service';

/** The record type of a request's attachments (files module; also the upload type): its record kind. */
export const HELPDESK_FILE_RECORD = HELPDESK_RECORD_KIND;

/**
 * Attaches the caller's uploads (type helpdeskRequest) to request `requestId`, inside the
 * caller's transaction when `deps.db` is one. 422 `fileNotAttachable` for files that are not
 * the caller's live, unattached uploads.
 */
export async function attachUploads(deps: AppDeps, fileIds: readonly number[], requestId: number, user: AuthUser): Promise<void> {
  if (fileIds.length === 0) return;
  await attachFiles(deps, fileIds, HELPDESK_FILE_RECORD, requestId, user, deps.db);
}

/** The live files attached to the request, oldest first. */
export function attachmentsOf(deps: AppDeps, requestId: number): Promise<FileItem[]> {
  return filesOfRecord(deps, HELPDESK_FILE_RECORD, requestId);
}
