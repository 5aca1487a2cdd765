import type { ReactNode } from 'react';
import { Icon } from '../Icon';
import * as styles from './FileList.css';

/** A stored file as the server returns it (SPEC §3 File: id, name, url, type). */
export interface StoredFile {
  id: string | number;
  name: string;
  /** Download address (a direct file address, or an app page that downloads it: see `directDownload`). */
  url: string;
  /** MIME type or extension, e.g. "application/pdf" or "pdf". */
  type: string;
  /** Size in bytes, when known. */
  size?: number;
}

/**
 * Bytes as a short human figure: "512 B", "1.5 KB", "12.3 MB", "1.1 GB" (binary units, 1 KB = 1024 B).
 * `locale` picks the decimal separator (az/ru/tr use a comma). @default locale undefined (runtime default)
 */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** The extension of a file name in lower case with its dot (".pdf"), or "" when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** A short upper-case type tag for a file ("PDF", "DOCX"), from its name, else its type. */
export function fileTypeLabel(file: Pick<StoredFile, 'name' | 'type'>): string {
  const ext = extensionOf(file.name).slice(1);
  if (ext) return ext.toUpperCase();
  const sub = file.type.split('/').pop() ?? '';
  return sub.toUpperCase();
}

export interface FileListProps {
  /** The files to show. */
  files: StoredFile[];
  /** Accessible name of the list, e.g. "Attached files". */
  label: string;
  /** Text of each download link (its accessible name adds the file name). */
  downloadLabel: string;
  /** Shown instead of the list when there are no files. @default undefined (renders nothing) */
  emptyText?: ReactNode;
  /** Extra controls at the end of each row (FileUploader adds delete). @default undefined */
  renderActions?: (file: StoredFile) => ReactNode;
  /** Locale for sizes (decimal separator). @default undefined */
  locale?: string;
  /**
   * Whether `url` is the file itself: the link then carries the `download` attribute, so the
   * browser saves instead of navigating. Pass false when `url` is a page of the app that fetches
   * the file (it would otherwise save that page under the file's name). @default true
   */
  directDownload?: boolean;
  /** Extra class on the list. */
  className?: string;
}

/**
 * Read-only list of stored files: type icon and tag, name, size and a download link
 * (`download` attribute, so the browser saves instead of navigating, unless `directDownload` is
 * false). Every download link carries `data-file-download`, for an app that handles the click.
 */
export function FileList({
  files,
  label,
  downloadLabel,
  emptyText,
  renderActions,
  locale,
  directDownload = true,
  className,
}: FileListProps) {
  if (files.length === 0) {
    return emptyText ? <p className={styles.empty}>{emptyText}</p> : null;
  }
  return (
    <ul aria-label={label} className={[styles.list, className].filter(Boolean).join(' ')}>
      {files.map((file) => (
        <li key={file.id} className={styles.item} data-file-id={file.id}>
          <Icon name="file-text" className={styles.icon} />
          <span className={styles.name}>{file.name}</span>
          <span className={styles.meta}>
            {fileTypeLabel(file)}
            {file.size !== undefined ? ` · ${formatBytes(file.size, locale)}` : ''}
          </span>
          <a
            className={styles.link}
            href={file.url}
            download={directDownload ? file.name : undefined}
            data-file-download=""
            aria-label={`${downloadLabel}: ${file.name}`}
          >
            {downloadLabel}
          </a>
          {renderActions?.(file)}
        </li>
      ))}
    </ul>
  );
}
