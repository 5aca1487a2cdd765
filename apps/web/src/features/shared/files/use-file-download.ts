import { useCallback } from 'react';
import type { FileItem } from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { isApiRequestError } from '@servicedesk/api/errors';
import { downloadFile } from '@servicedesk/api/files/download-file';
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
