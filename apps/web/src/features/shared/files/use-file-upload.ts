import { useCallback, useMemo, useState } from 'react';
import { UPLOAD_TYPES, type FileItem, type UploadType } from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { isApiRequestError } from '@servicedesk/api/errors';
import { uploadFile } from '@servicedesk/api/files/upload-files';
import { removeFile } from '@servicedesk/api/files/remove-file';
import type { StoredFile } from '@servicedesk/ui/FileList';
import { toStoredFile, useFileDownload } from './use-file-download';

// The download half lives in ./use-file-download (pages that only list files do not load the
// upload calls, issue #19); re-exported for the callers of this module.
export { DOWNLOAD_PAGE, downloadFailureText, downloadPageHref, saveBlob, serverHandleOf, toStoredFile, useFileDownload } from './use-file-download';

/**
 * Why the server refused an upload, for the error dialog (SPEC §8 "Upload too large" / "Wrong
 * upload type"): the client checks the extension and the size before sending, but the server
 * also checks the content, so an .exe renamed .pdf arrives here as `contentMismatch`.
 */
export type UploadRefusal =
  | { kind: 'size'; totalBytes: number; maxBytes: number; names: string[] }
  | { kind: 'type'; allowed: string[]; names: string[] }
  | { kind: 'contentMismatch'; allowed: string[]; names: string[] };

/**
 * The refusal an upload error stands for, or null for other failures (network, 500, …). Its
 * details are read with the contracts' schemas, loaded only when a refusal comes (issue #19).
 */
export async function refusalOf(error: unknown, fileName: string, type: UploadType): Promise<UploadRefusal | null> {
  if (!isApiRequestError(error)) return null;
  const fallbackAllowed = [...UPLOAD_TYPES[type]];
  if (error.code !== 'fileTooLarge' && error.code !== 'fileTypeNotAllowed' && error.code !== 'fileContentMismatch') return null;
  const { fileTooLargeDetails, fileTypeDetails } = await import('@servicedesk/contracts/files');
  if (error.code === 'fileTooLarge') {
    const details = fileTooLargeDetails.safeParse(error.details);
    return details.success
      ? { kind: 'size', totalBytes: details.data.totalBytes, maxBytes: details.data.maxBytes, names: details.data.fileNames }
      : { kind: 'size', totalBytes: 0, maxBytes: 0, names: [fileName] };
  }
  const details = fileTypeDetails.safeParse(error.details);
  return {
    kind: error.code === 'fileTypeNotAllowed' ? 'type' : 'contentMismatch',
    allowed: details.success ? details.data.allowedExtensions : fallbackAllowed,
    names: [details.success ? details.data.fileName : fileName],
  };
}

/**
 * The glue between the ui FileUploader/FileList and the file calls (SPEC §5 uploads, §7
 * FileUploadGlobal/uploadFile/DownloadFile/removeFile, §8 errors), for one upload purpose
 * (`type`, contracts UPLOAD_TYPES: avatar, helpdeskRequest, general, …):
 * - `accept`: the purpose's extensions, for the uploader's own check before sending;
 * - `upload(file, onProgress)`: FileUploader's `upload` — sends one file with progress 0..1 and
 *   resolves with the StoredFile; a server refusal (size, type, content) also sets `refusal`
 *   for the error dialog, then rejects (the row shows the failed text);
 * - `remove(file)`: FileUploader's `onDelete` — rejects with an Error whose message is the
 *   server's own text (SPEC §8: the uploader toasts it);
 * - `download(file)`: fetches the bytes with the session (DownloadFile) and saves them under the
 *   server's file name; rejects with the ApiRequestError;
 * - `lastUploaded`: every FileItem uploaded through this hook, by id (the caller's record keeps them).
 * `FileUploadField` wires all of it with the translated texts; use the hook alone for a custom UI.
 */
export function useFileUpload({ type }: { type: UploadType }) {
  const client = useApiClient();
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const [uploaded] = useState(() => new Map<number, FileItem>());
  const accept = useMemo(() => UPLOAD_TYPES[type].map((ext) => `.${ext}`), [type]);

  const upload = useCallback(
    async (file: File, onProgress: (fraction: number) => void): Promise<StoredFile> => {
      try {
        const stored = await uploadFile(client, { file, type }, { onProgress });
        uploaded.set(stored.id, stored);
        return toStoredFile(stored);
      } catch (error) {
        const why = await refusalOf(error, file.name, type);
        if (why) setRefusal(why);
        throw error;
      }
    },
    [client, type, uploaded],
  );

  const remove = useCallback(
    async (file: Pick<StoredFile, 'id'>): Promise<void> => {
      try {
        await removeFile(client, { id: Number(file.id) });
        uploaded.delete(Number(file.id));
      } catch (error) {
        // The server's own text (SPEC §8 "File removal fails"); an empty one falls back in the uploader.
        throw new Error(isApiRequestError(error) && error.status !== 0 ? error.message : '', { cause: error });
      }
    },
    [client, uploaded],
  );

  const download = useFileDownload();

  return {
    accept,
    upload,
    remove,
    download,
    refusal,
    clearRefusal: useCallback(() => setRefusal(null), []),
    uploaded,
  };
}
