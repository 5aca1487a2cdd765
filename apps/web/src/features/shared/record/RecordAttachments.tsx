import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem, UploadType } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { FileDownloadList } from '../files/FileDownloadList';
import { FileUploadField } from '../lazy-fields';
import { useRefusalText, type RefusalTexts } from './refusal';
import * as s from './record.css';

export interface RecordAttachmentsProps {
  /** The record's files (download links). */
  files: FileItem[];
  /** Names the list; default "Files". */
  label?: string;
  /** Shown when there is none; default "No files". */
  emptyText?: string;
  /**
   * Adding files, when the server lets this user change the record now: the upload type (the
   * allowed extensions) and the call attaching the uploaded files' ids — it resolves once the
   * server took them (the field is emptied, a toast says so) and rejects with its refusal
   * (explained in a toast, the files kept). Omitted: the list is read-only.
   */
  add?: { type: UploadType; attach: (fileIds: number[]) => Promise<unknown>; isPending: boolean; refusal?: RefusalTexts };
}

/** A record's attachments: the download list and, when {@link RecordAttachmentsProps.add} is given, an upload field with an Attach button. */
export function RecordAttachments({ files, label, emptyText, add }: RecordAttachmentsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FileDownloadList files={files} label={label ?? t('record.attachments.title')} emptyText={emptyText ?? t('record.attachments.empty')} />
      {add ? <AddFiles {...add} /> : null}
    </>
  );
}

function AddFiles({ type, attach, isPending, refusal }: NonNullable<RecordAttachmentsProps['add']>) {
  const { t } = useTranslation();
  const explain = useRefusalText(refusal);
  const [picked, setPicked] = useState<FileItem[]>([]);
  const [version, setVersion] = useState(0);
  const press = () =>
    attach(picked.map((f) => f.id)).then(
      () => {
        setPicked([]);
        setVersion((v) => v + 1);
        toast.show({ title: t('record.attachments.attached'), variant: 'success' });
      },
      (error: unknown) => toast.show({ title: explain(error), variant: 'error' }),
    );
  return (
    <div className={s.form}>
      <FileUploadField key={version} type={type} label={t('record.attachments.add')} onChange={setPicked} emptyText={null} />
      <div className={s.end}>
        <Button onPress={() => void press()} isPending={isPending} isDisabled={picked.length === 0}>
          {t('record.attachments.attach')}
        </Button>
      </div>
    </div>
  );
}
