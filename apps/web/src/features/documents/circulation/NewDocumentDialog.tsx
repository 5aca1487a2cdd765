import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentFolder, FileItem } from '@servicedesk/contracts';
import { useSaveDocument } from '@servicedesk/api/documents/documents';
import { useSpecodesByKey } from '@servicedesk/api/global/get-specodes-by-key';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../../shared/lazy-fields';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

/**
 * A new document in a folder the caller may write to (issue #15): title, type (specodes
 * documentType), "for a vendor invoice", and optionally its first file (upload type `document`),
 * which becomes version 1. On success the document's page opens.
 */
export function NewDocumentDialog({ folder, onClose }: { folder: DocumentFolder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useSpecodesByKey('documentType');
  const save = useSaveDocument();
  const [title, setTitle] = useState('');
  const [typeCode, setTypeCode] = useState<string | null>(null);
  const [forVendorInvoice, setForVendorInvoice] = useState(false);
  const [file, setFile] = useState<FileItem | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const type = typeCode ?? types.data?.[0]?.code ?? null;
  const submit = () => {
    setAttempted(true);
    if (!folder || title.trim() === '' || !type) return;
    setError(null);
    save.mutate(
      { folderId: folder.id, title: title.trim(), typeCode: type, forVendorInvoice, ...(file ? { fileId: file.id } : {}) },
      {
        onSuccess: (detail) => {
          toast.show({ title: t('documents.form.created'), variant: 'success' });
          onClose();
          void navigate(`/home/documents/circulation/${detail.document.id}`);
        },
        onError: (e) => setError(documentsErrorText(t, e)),
      },
    );
  };
  return (
    <Dialog
      title={t('documents.form.title')}
      isOpen={folder !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      closeLabel={t('documents.bin.close')}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('documents.form.cancel')}
          </Button>
          <Button isDisabled={save.isPending} onPress={submit}>
            {t('documents.form.save')}
          </Button>
        </>
      }
    >
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className={s.muted}>
          {t('documents.form.folder')}: <strong>{folder?.name}</strong>
        </p>
        <TextField
          label={t('documents.form.titleLabel')}
          value={title}
          onChange={setTitle}
          isRequired
          isInvalid={attempted && title.trim() === ''}
          errorMessage={t('documents.form.titleRequired')}
        />
        <Select
          label={t('documents.form.type')}
          items={(types.data ?? []).map((x) => ({ id: x.code, label: x.name }))}
          selectedKey={type}
          onSelectionChange={(key) => setTypeCode(key === null ? null : String(key))}
        />
        <label className={s.check}>
          <input type="checkbox" checked={forVendorInvoice} onChange={(e) => setForVendorInvoice(e.target.checked)} />
          {t('documents.form.forVendorInvoice')}
        </label>
        <FileUploadField type="document" label={t('documents.form.file')} allowsMultiple={false} canDelete={false} onChange={(files) => setFile(files.at(-1) ?? null)} />
        {error ? (
          <p role="alert" className={s.error}>
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
