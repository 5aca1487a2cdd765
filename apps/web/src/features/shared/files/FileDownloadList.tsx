import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@servicedesk/contracts';
import { FileList, type StoredFile } from '@servicedesk/ui/FileList';
import { toast } from '@servicedesk/ui/Toast';
import { downloadFailureText, toStoredFile, useFileDownload } from './use-file-download';

/**
 * Turns a click on a FileList download link (`a[data-file-download]` in `li[data-file-id]`) into
 * an authenticated download in place: the server's `files/{id}` handle can only be read by POST
 * DownloadFile with the session token. The link's href is the download page, for a middle click,
 * "open in new tab" or a bookmark; a click with a modifier key is left to the browser for that.
 */
export function useDownloadClicks(
  files: () => StoredFile[],
  download: (file: StoredFile) => Promise<void>,
  onFailed: (error: unknown) => void,
) {
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a[data-file-download]');
    const row = link?.closest('li[data-file-id]');
    if (!link || !row || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const id = row.getAttribute('data-file-id');
    const file = files().find((f) => String(f.id) === id);
    if (file) download(file).catch(onFailed);
  };
}

/**
 * A read-only list of stored files whose download links fetch the bytes with the session
 * (DownloadFile) and save them under the server's name. For records that show attachments
 * without editing them.
 */
export function FileDownloadList({ files, label, emptyText }: { files: FileItem[]; label?: string; emptyText?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const download = useFileDownload();
  const stored = files.map(toStoredFile);
  const onClick = useDownloadClicks(
    () => stored,
    download,
    (error) => toast.show({ title: downloadFailureText(error, t), variant: 'error' }),
  );
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={onClick}>
      <FileList files={stored} label={label ?? t('files.label')} downloadLabel={t('files.download')} emptyText={emptyText} locale={i18n.language} directDownload={false} />
    </div>
  );
}
