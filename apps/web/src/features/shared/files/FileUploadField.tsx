import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem, UploadType } from '@servicedesk/contracts';
import { AlertDialog } from '@servicedesk/ui/AlertDialog';
import { formatBytes, type StoredFile } from '@servicedesk/ui/FileList';
import { FileUploader } from '@servicedesk/ui/FileUploader';
import { toast } from '@servicedesk/ui/Toast';
import { downloadFailureText, toStoredFile, useFileUpload, type UploadRefusal } from './use-file-upload';
import { useDownloadClicks } from './FileDownloadList';
import * as s from './files.css';

function RefusalDialog({ refusal, onClose }: { refusal: UploadRefusal | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const allowed = refusal && refusal.kind !== 'size' ? refusal.allowed.map((e) => `.${e}`).join(', ') : '';
  return (
    <AlertDialog
      isOpen={refusal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={refusal?.kind === 'size' ? t('files.fileSizeErrorHeader') : t('files.fileUploadFiletypeErrorHeader')}
      primaryActionLabel={t('ok')}
      onPrimaryAction={onClose}
      variant="destructive"
    >
      {refusal ? (
        <>
          <p className={s.dialogText}>
            {refusal.kind === 'size'
              ? t('files.fileSizeErrorInfo', {
                  total: formatBytes(refusal.totalBytes, i18n.language),
                  max: formatBytes(refusal.maxBytes, i18n.language),
                })
              : refusal.kind === 'type'
                ? t('files.fileUploadFiletypeErrorInfo', { allowed })
                : t('files.fileContentMismatchInfo', { allowed })}
          </p>
          <ul className={s.names}>
            {refusal.names.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </AlertDialog>
  );
}

export interface FileUploadFieldProps {
  /** What the files are for (contracts UPLOAD_TYPES key): decides the allowed extensions. */
  type: UploadType;
  /** Accessible name of the drop zone and the list. @default t('files.label') */
  label?: string;
  /** Files already stored with the record. @default [] */
  defaultFiles?: FileItem[];
  /** Called with every stored file after an upload or a removal. */
  onChange?: (files: FileItem[]) => void;
  /** Whether several files may be picked at once. @default true */
  allowsMultiple?: boolean;
  /** Whether the files may be removed (removeFile). @default true */
  canDelete?: boolean;
  /** Whether picking and dropping are off. @default false */
  isDisabled?: boolean;
  /** Shown while there are no files. @default t('files.empty') */
  emptyText?: ReactNode;
}

/**
 * The app's file field (SPEC §5 uploads, §8): the ui FileUploader with every text translated,
 * the purpose's allowed extensions and the 50 MB limit checked before sending, per-file upload
 * progress, the server's refusals (too large, wrong type, content not matching the extension —
 * an .exe renamed .pdf) in the same error dialog as the client's own checks, downloads with the
 * session under the server's file name, and removal after a confirmation with the element-deleted
 * toast (the server's text in an error toast when it fails).
 */
export function FileUploadField({
  type,
  label,
  defaultFiles = [],
  onChange,
  allowsMultiple = true,
  canDelete = true,
  isDisabled = false,
  emptyText,
}: FileUploadFieldProps) {
  const { t, i18n } = useTranslation();
  const files = useFileUpload({ type });
  const known = useRef(new Map(defaultFiles.map((f) => [f.id, f])));
  // FileUploader keeps the list itself; `initial` is what it starts from, `current` what it shows now.
  const [initial] = useState(() => defaultFiles.map(toStoredFile));
  const current = useRef<StoredFile[]>(initial);
  const onClick = useDownloadClicks(
    () => current.current,
    files.download,
    (error) => toast.show({ title: downloadFailureText(error, t), variant: 'error' }),
  );

  return (
    // The wrapper only catches clicks bubbling from the download links inside (see useDownloadClicks).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={onClick}>
      <FileUploader
        label={label ?? t('files.label')}
        dropLabel={t('files.dropLabel')}
        browseLabel={t('files.browse')}
        accept={files.accept}
        allowsMultiple={allowsMultiple}
        upload={files.upload}
        defaultFiles={initial}
        onChange={(next) => {
          current.current = next;
          for (const [id, item] of files.uploaded) known.current.set(id, item);
          onChange?.(next.map((f) => known.current.get(Number(f.id))).filter((f): f is FileItem => f !== undefined));
        }}
        onDelete={canDelete ? files.remove : undefined}
        onDeleted={(file) => toast.show({ title: t('files.elementDeleted', { name: file.name }), variant: 'success' })}
        fileSizeErrorHeader={t('files.fileSizeErrorHeader')}
        fileSizeErrorInfo={({ total, max }) => t('files.fileSizeErrorInfo', { total, max })}
        fileUploadFiletypeErrorHeader={t('files.fileUploadFiletypeErrorHeader')}
        fileUploadFiletypeErrorInfo={({ allowed }) => t('files.fileUploadFiletypeErrorInfo', { allowed })}
        okLabel={t('ok')}
        downloadLabel={t('files.download')}
        directDownload={false}
        deleteLabel={t('files.delete')}
        deleteConfirmTitle={t('files.sure')}
        deleteConfirmMessage={(name) => t('files.willBeDeleted', { name })}
        confirmLabel={t('files.delete')}
        cancelLabel={t('cancel')}
        deleteFailedText={t('files.deleteFailed')}
        uploadFailedText={t('files.uploadFailed')}
        progressLabel={(name) => t('files.uploading', { name })}
        emptyText={emptyText ?? t('files.empty')}
        isDisabled={isDisabled}
        locale={i18n.language}
      />
      <RefusalDialog refusal={files.refusal} onClose={files.clearRefusal} />
    </div>
  );
}
