import { useCallback, useMemo, useState } from 'react';
import {
  fileTooLargeDetails,
  fileTypeDetails,
  UPLOAD_TYPES,
  type FileItem,
  type UploadType,
} from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { isApiRequestError } from '@servicedesk/api/errors';
import { uploadFile } from '@servicedesk/api/files/upload-files';
import { downloadFile } from '@servicedesk/api/files/download-file';
import { removeFile } from '@servicedesk/api/files/remove-file';
import type { StoredFile } from '@servicedesk/ui/FileList';

/** The app page that downloads a file (FileDownloadPage): where a link opened in a new tab goes. */
export const DOWNLOAD_PAGE = '/home/download';

/**
 * The address of the download page for the server's file handle `url` (SPEC §3 File.url, e.g.
 * `files/12`) and its name: `/home/download?file=files%2F12&name=…`.
 */
export function downloadPageHref(file: Pick<FileItem, 'url' | 'name'>): string {
  return `${DOWNLOAD_PAGE}?${new URLSearchParams({ file: file.url, name: file.name }).toString()}`;
}

/** The server's file handle inside a {@link downloadPageHref} address (any other address is returned as it is). */
export function serverHandleOf(href: string): string {
  if (!href.startsWith(`${DOWNLOAD_PAGE}?`)) return href;
  return new URLSearchParams(href.slice(DOWNLOAD_PAGE.length + 1)).get('file') ?? href;
}

/**
 * A FileItem (the server's File) as the ui FileList/FileUploader show it: `type` the detected
 * MIME, `size` in bytes, `url` the download page (a click downloads in place; a link opened in a
 * new tab or bookmarked lands on that page, which downloads with the session — never a 404).
 */
export function toStoredFile(file: FileItem): StoredFile {
  return { id: file.id, name: file.name, url: downloadPageHref(file), type: file.mime, size: file.sizeBytes };
}

/**
 * Why the server refused an upload, for the error dialog (SPEC §8 "Upload too large" / "Wrong
 * upload type"): the client checks the extension and the size before sending, but the server
 * also checks the content, so an .exe renamed .pdf arrives here as `contentMismatch`.
 */
export type UploadRefusal =
  | { kind: 'size'; totalBytes: number; maxBytes: number; names: string[] }
  | { kind: 'type'; allowed: string[]; names: string[] }
  | { kind: 'contentMismatch'; allowed: string[]; names: string[] };

/** The refusal an upload error stands for, or null for other failures (network, 500, …). */
export function refusalOf(error: unknown, fileName: string, type: UploadType): UploadRefusal | null {
  if (!isApiRequestError(error)) return null;
  const fallbackAllowed = [...UPLOAD_TYPES[type]];
  if (error.code === 'fileTooLarge') {
    const details = fileTooLargeDetails.safeParse(error.details);
    return details.success
      ? { kind: 'size', totalBytes: details.data.totalBytes, maxBytes: details.data.maxBytes, names: details.data.fileNames }
      : { kind: 'size', totalBytes: 0, maxBytes: 0, names: [fileName] };
  }
  if (error.code === 'fileTypeNotAllowed' || error.code === 'fileContentMismatch') {
    const details = fileTypeDetails.safeParse(error.details);
    return {
      kind: error.code === 'fileTypeNotAllowed' ? 'type' : 'contentMismatch',
      allowed: details.success ? details.data.allowedExtensions : fallbackAllowed,
      names: [details.success ? details.data.fileName : fileName],
    };
  }
  return null;
}

/** Hands a Blob to the browser as a download named `fileName` (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Downloads a stored file with the session (DownloadFile) and saves it under the server's file
 * name. `file.url` is the server's handle or a download-page address holding it
 * ({@link downloadPageHref}). Rejects with the ApiRequestError (see {@link downloadFailureText}).
 */
export function useFileDownload(): (file: Pick<StoredFile, 'url' | 'name'>) => Promise<void> {
  const client = useApiClient();
  return useCallback(
    async (file) => {
      const { blob, fileName } = await downloadFile(client, { url: serverHandleOf(file.url) }, { fallbackName: file.name });
      saveBlob(blob, fileName);
    },
    [client],
  );
}

/** What to tell the user when a download failed: the server's own reason (403, 404, …), else files.downloadFailed. */
export function downloadFailureText(error: unknown, t: (key: string) => string): string {
  return isApiRequestError(error) && error.status !== 0 && error.message ? error.message : t('files.downloadFailed');
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
        const why = refusalOf(error, file.name, type);
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
