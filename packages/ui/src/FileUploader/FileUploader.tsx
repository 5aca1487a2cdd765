import { useRef, useState, type ReactNode } from 'react';
import { DropZone, FileTrigger, ProgressBar, type DropZoneProps } from 'react-aria-components';
import { AlertDialog } from '../AlertDialog';
import { Button } from '../Button';
import { FileList, extensionOf, formatBytes, type StoredFile } from '../FileList';
import { Icon } from '../Icon';
import { toast } from '../Toast';
import * as styles from './FileUploader.css';

/** SPEC §5 / §9: default limit of the total size of one selection, 50 MB. */
export const DEFAULT_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** What the size error texts may use (sizes already formatted, e.g. "61.2 MB"). */
export interface FileSizeErrorInfo {
  total: string;
  max: string;
  names: string[];
}

/** What the type error texts may use: the allowed extensions joined (".pdf, .docx"), and the rejected names. */
export interface FileTypeErrorInfo {
  allowed: string;
  names: string[];
}

type Rejection =
  { kind: 'size'; info: FileSizeErrorInfo } | { kind: 'type'; info: FileTypeErrorInfo };

interface Pending {
  key: number;
  name: string;
  size: number;
  /** 0..1 */
  progress: number;
  failed: boolean;
}

/** The outcome of checking a selection (pure, exported for tests and for apps that pre-check). */
export function checkSelection(
  files: Pick<File, 'name' | 'size'>[],
  {
    accept,
    maxTotalBytes = DEFAULT_MAX_TOTAL_BYTES,
    locale,
  }: { accept?: string[]; maxTotalBytes?: number; locale?: string },
): Rejection | null {
  const allowed = (accept ?? []).map((ext) =>
    (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase(),
  );
  if (allowed.length > 0) {
    const wrong = files.filter((f) => !allowed.includes(extensionOf(f.name)));
    if (wrong.length > 0) {
      return {
        kind: 'type',
        info: { allowed: allowed.join(', '), names: wrong.map((f) => f.name) },
      };
    }
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > maxTotalBytes) {
    return {
      kind: 'size',
      info: {
        total: formatBytes(total, locale),
        max: formatBytes(maxTotalBytes, locale),
        names: files.map((f) => f.name),
      },
    };
  }
  return null;
}

export interface FileUploaderProps {
  /** Accessible name of the drop zone and the list heading, e.g. "Attachments". */
  label: string;
  /** Text inside the drop zone, e.g. "Drag files here or". */
  dropLabel: ReactNode;
  /** Text of the picker button, e.g. "Choose files". */
  browseLabel: string;
  /** Allowed extensions (".pdf" or "pdf"); empty or unset allows any type. @default undefined */
  accept?: string[];
  /** Whether more than one file may be chosen at once. @default true */
  allowsMultiple?: boolean;
  /** Limit of the total size of one selection, in bytes (SPEC §5). @default 52428800 (50 MB) */
  maxTotalBytes?: number;
  /**
   * Uploads one file; call `onProgress(fraction)` with 0..1 as bytes go out; resolve with the
   * stored file (SPEC §3 File), reject when it fails.
   */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<StoredFile>;
  /** Files already stored (shown in the list). @default [] */
  defaultFiles?: StoredFile[];
  /** Called with the whole list after a file was uploaded or deleted. @default undefined */
  onChange?: (files: StoredFile[]) => void;
  /** Removes a stored file on the server; reject with an Error whose message is the server's text. Without it no delete buttons. @default undefined */
  onDelete?: (file: StoredFile) => Promise<void>;
  /** Called after a successful removal, so the app can show the element-deleted message with the name (SPEC §8). @default undefined */
  onDeleted?: (file: StoredFile) => void;
  /** Header of the size error dialog (key fileSizeErrorHeader). */
  fileSizeErrorHeader: string;
  /** Body of the size error dialog (key fileSizeErrorInfo); the file names are listed under it. */
  fileSizeErrorInfo: (info: FileSizeErrorInfo) => ReactNode;
  /** Header of the type error dialog (key fileUploadFiletypeErrorHeader). */
  fileUploadFiletypeErrorHeader: string;
  /** Body of the type error dialog (key fileUploadFiletypeErrorInfo); the rejected names are listed under it. */
  fileUploadFiletypeErrorInfo: (info: FileTypeErrorInfo) => ReactNode;
  /** Button closing an error dialog, e.g. "OK". */
  okLabel: string;
  /** Text of each download link. */
  downloadLabel: string;
  /** FileList's `directDownload`: false when the files' `url` is an app page. @default true */
  directDownload?: boolean;
  /** Text of each delete button (its accessible name adds the file name). */
  deleteLabel: string;
  /** Title of the delete confirmation (key sure). */
  deleteConfirmTitle: string;
  /** Message of the delete confirmation for a file (key "will be deleted"). */
  deleteConfirmMessage: (name: string) => ReactNode;
  /** Confirm button of the delete confirmation. */
  confirmLabel: string;
  /** Cancel button of the delete confirmation. */
  cancelLabel: string;
  /** Toast title when a removal fails and the error has no message. */
  deleteFailedText: string;
  /** Shown on a row whose upload failed. */
  uploadFailedText: string;
  /** Accessible name of a progress bar for a file, e.g. (name) => `Uploading ${name}`. */
  progressLabel: (name: string) => string;
  /** Shown when there are no files yet. @default undefined */
  emptyText?: ReactNode;
  /** Whether picking and dropping are off. @default false */
  isDisabled?: boolean;
  /** Locale for sizes. @default undefined */
  locale?: string;
}

let nextKey = 1;

/**
 * File picker + drop zone with the SPEC §5 checks (types, then the total size of the selection;
 * a rejected selection opens an error dialog and nothing of it is uploaded), per-file upload
 * progress, and the list of stored files with download and delete-after-confirmation (SPEC §8:
 * a failed removal shows an error toast with the server's text).
 */
export function FileUploader({
  label,
  dropLabel,
  browseLabel,
  accept,
  allowsMultiple = true,
  maxTotalBytes = DEFAULT_MAX_TOTAL_BYTES,
  upload,
  defaultFiles = [],
  onChange,
  onDelete,
  onDeleted,
  fileSizeErrorHeader,
  fileSizeErrorInfo,
  fileUploadFiletypeErrorHeader,
  fileUploadFiletypeErrorInfo,
  okLabel,
  downloadLabel,
  directDownload,
  deleteLabel,
  deleteConfirmTitle,
  deleteConfirmMessage,
  confirmLabel,
  cancelLabel,
  deleteFailedText,
  uploadFailedText,
  progressLabel,
  emptyText,
  isDisabled = false,
  locale,
}: FileUploaderProps) {
  const [files, setFiles] = useState<StoredFile[]>(defaultFiles);
  const filesRef = useRef(files);
  const [pending, setPending] = useState<Pending[]>([]);
  // The last rejection stays in state while its dialog closes (no header flicker); `isRejectionOpen` drives the dialog.
  const [rejection, setRejection] = useState<Rejection | null>(null);
  const [isRejectionOpen, setRejectionOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const [toDelete, setToDelete] = useState<StoredFile | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  const commit = (next: StoredFile[]) => {
    filesRef.current = next;
    setFiles(next);
    onChange?.(next);
  };

  const handleSelection = (selected: File[]) => {
    if (selected.length === 0 || isDisabled) return;
    const problem = checkSelection(selected, { accept, maxTotalBytes, locale });
    // The picker's selection is cleared either way, so choosing the same files again is a new selection.
    if (inputRef.current) inputRef.current.value = '';
    if (problem) {
      // The selection is dropped as a whole: nothing of it starts uploading.
      setRejection(problem);
      setRejectionOpen(true);
      return;
    }
    for (const file of selected) {
      const key = nextKey++;
      setPending((p) => [
        ...p,
        { key, name: file.name, size: file.size, progress: 0, failed: false },
      ]);
      upload(file, (fraction) =>
        setPending((p) =>
          p.map((x) =>
            x.key === key ? { ...x, progress: Math.min(1, Math.max(0, fraction)) } : x,
          ),
        ),
      ).then(
        (stored) => {
          setPending((p) => p.filter((x) => x.key !== key));
          commit([...filesRef.current, stored]);
        },
        () => setPending((p) => p.map((x) => (x.key === key ? { ...x, failed: true } : x))),
      );
    }
  };

  const onDrop: NonNullable<DropZoneProps['onDrop']> = async (e) => {
    const dropped: File[] = [];
    for (const item of e.items) {
      if (item.kind === 'file') dropped.push(await item.getFile());
    }
    handleSelection(allowsMultiple ? dropped : dropped.slice(0, 1));
  };

  const confirmDelete = async (file: StoredFile) => {
    if (!onDelete) return;
    try {
      await onDelete(file);
      commit(filesRef.current.filter((f) => f.id !== file.id));
      onDeleted?.(file);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : deleteFailedText;
      toast.show({ title: message, variant: 'error' });
    }
  };

  const acceptAttr = accept?.map((ext) => (ext.startsWith('.') ? ext : `.${ext}`));

  return (
    <div className={styles.root}>
      <DropZone
        aria-label={label}
        className={styles.dropZone}
        isDisabled={isDisabled}
        onDrop={(e) => void onDrop(e)}
      >
        <Icon name="arrow-up" size="lg" />
        <p className={styles.hint}>{dropLabel}</p>
        <FileTrigger
          ref={inputRef}
          allowsMultiple={allowsMultiple}
          acceptedFileTypes={acceptAttr}
          onSelect={(list) => handleSelection(list ? Array.from(list) : [])}
        >
          <Button variant="secondary" size="sm" isDisabled={isDisabled}>
            {browseLabel}
          </Button>
        </FileTrigger>
      </DropZone>

      {pending.length > 0 ? (
        <ul className={styles.pendingList} aria-label={label}>
          {pending.map((p) => (
            <li key={p.key} className={styles.pendingItem}>
              <span className={styles.progressRow}>
                <span>{p.name}</span>
                {p.failed ? (
                  <span className={styles.errorText} role="alert">
                    {uploadFailedText}
                  </span>
                ) : (
                  <span>{Math.round(p.progress * 100)}%</span>
                )}
              </span>
              {p.failed ? null : (
                <ProgressBar aria-label={progressLabel(p.name)} value={p.progress * 100}>
                  <div className={styles.track}>
                    <div className={styles.fill} style={{ width: `${p.progress * 100}%` }} />
                  </div>
                </ProgressBar>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <FileList
        files={files}
        label={label}
        downloadLabel={downloadLabel}
        directDownload={directDownload}
        emptyText={pending.length === 0 ? emptyText : undefined}
        locale={locale}
        renderActions={
          onDelete
            ? (file) => (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${deleteLabel}: ${file.name}`}
                  onPress={() => {
                    setToDelete(file);
                    setDeleteOpen(true);
                  }}
                >
                  <Icon name="x" /> {deleteLabel}
                </Button>
              )
            : undefined
        }
      />

      <AlertDialog
        isOpen={isRejectionOpen}
        onOpenChange={setRejectionOpen}
        title={rejection?.kind === 'type' ? fileUploadFiletypeErrorHeader : fileSizeErrorHeader}
        primaryActionLabel={okLabel}
        onPrimaryAction={() => setRejectionOpen(false)}
        variant="destructive"
      >
        {rejection ? (
          <>
            {rejection.kind === 'type'
              ? fileUploadFiletypeErrorInfo(rejection.info)
              : fileSizeErrorInfo(rejection.info)}
            <ul className={styles.nameList}>
              {rejection.info.names.map((n, i) => (
                <li key={`${n}-${i}`}>{n}</li>
              ))}
            </ul>
          </>
        ) : null}
      </AlertDialog>

      <AlertDialog
        isOpen={isDeleteOpen}
        onOpenChange={setDeleteOpen}
        title={deleteConfirmTitle}
        primaryActionLabel={confirmLabel}
        cancelLabel={cancelLabel}
        onPrimaryAction={() => {
          if (toDelete) void confirmDelete(toDelete);
        }}
        variant="destructive"
      >
        {toDelete ? deleteConfirmMessage(toDelete.name) : null}
      </AlertDialog>
    </div>
  );
}
