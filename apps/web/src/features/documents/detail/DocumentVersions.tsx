import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '@servicedesk/contracts';
import { useAddVersion, useDocumentDiff } from '@servicedesk/api/documents/documents';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { FileUploadField, LazySelect as Select } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

const KB = 1024;

export interface DocumentVersionsProps {
  documentId: number;
  /** The versions, newest first (DocumentDetail `versions`). */
  versions: DocumentVersion[];
  /** Whether the caller may add a version (write or manage on the folder). */
  canWrite: boolean;
}

/**
 * A document's versions (issue #15): each with its number, file, size in KB, who and when and its
 * SHA-256, all downloadable; a new version for who may write (a toast names its number, a
 * refusal says why); the line diff between two chosen versions (by default the last two).
 */
export function DocumentVersions({ documentId, versions, canWrite }: DocumentVersionsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const addVersion = useAddVersion();
  const [uploaderKey, setUploaderKey] = useState(0);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [pick, setPick] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const diff = useDocumentDiff(documentId, compare);
  const latest = versions[0]?.versionNo ?? 0;
  const from = pick.from ?? (latest > 1 ? latest - 1 : null);
  const to = pick.to ?? (latest > 1 ? latest : null);
  const versionName = (n: number) => t('documents.detail.version', { n });
  const choices = versions.map((v) => ({ id: String(v.versionNo), label: versionName(v.versionNo) }));

  return (
    <RecordSection title={t('documents.detail.versions')}>
      {versions.length === 0 ? <p className={s.muted}>{t('documents.detail.noVersions')}</p> : null}
      <ul className={s.list} aria-label={t('documents.detail.versions')}>
        {versions.map((v) => (
          <li key={v.versionNo}>
            <strong>{versionName(v.versionNo)}</strong>{' '}
            <span className={s.muted}>
              {t('documents.detail.versionLine', {
                name: v.file.name,
                size: `${formatNumber(Math.max(1, Math.round(v.sizeBytes / KB)), lang)} KB`,
                who: v.createdBy.name,
                when: formatDateTime(v.createdAt, lang, numericDateTime),
              })}
            </span>
            <div className={s.hash}>{t('documents.detail.sha', { hash: v.sha256 })}</div>
          </li>
        ))}
      </ul>
      {versions.length ? <FileDownloadList files={versions.map((v) => ({ ...v.file, name: `${versionName(v.versionNo)} — ${v.file.name}` }))} label={t('documents.detail.versions')} /> : null}
      {canWrite ? (
        <FileUploadField
          key={uploaderKey}
          type="document"
          label={t('documents.detail.newVersion')}
          allowsMultiple={false}
          canDelete={false}
          onChange={(files) => {
            const file = files.at(-1);
            if (!file) return;
            addVersion.mutate(
              { id: documentId, fileId: file.id },
              {
                onSuccess: (detail) => {
                  toast.show({ title: t('documents.detail.versionAdded', { n: detail.versions[0]?.versionNo ?? 0 }), variant: 'success' });
                  setUploaderKey((k) => k + 1);
                },
                onError: (e) => toast.show({ title: documentsErrorText(t, e), variant: 'error' }),
              },
            );
          }}
        />
      ) : null}
      {versions.length > 1 ? (
        <div className={s.actions}>
          <Select label={t('documents.detail.compareFrom')} items={choices} selectedKey={from === null ? null : String(from)} onSelectionChange={(k) => setPick((x) => ({ ...x, from: Number(k) }))} />
          <Select label={t('documents.detail.compareTo')} items={choices} selectedKey={to === null ? null : String(to)} onSelectionChange={(k) => setPick((x) => ({ ...x, to: Number(k) }))} />
          <Button variant="secondary" isDisabled={from === null || to === null} onPress={() => from !== null && to !== null && setCompare({ from, to })}>
            {t('documents.detail.compare')}
          </Button>
        </div>
      ) : null}
      {compare ? (
        diff.isError ? (
          <p role="alert" className={s.error}>
            {documentsErrorText(t, diff.error)}
          </p>
        ) : diff.data ? (
          <div>
            <h3>{t('documents.detail.diffTitle', { from: diff.data.from, to: diff.data.to })}</h3>
            <ol className={s.diff} aria-label={t('documents.detail.diffTitle', { from: diff.data.from, to: diff.data.to })}>
              {diff.data.lines.map((line, i) => (
                <li key={i} className={s.diffLine} data-kind={line.kind}>
                  {line.kind === 'added' ? <span className={s.muted}>+ </span> : line.kind === 'removed' ? <span className={s.muted}>− </span> : '  '}
                  {line.kind !== 'same' ? <span className={s.muted}>({t(line.kind === 'added' ? 'documents.detail.diffAdded' : 'documents.detail.diffRemoved')}) </span> : null}
                  {line.text}
                </li>
              ))}
            </ol>
            {diff.data.truncated ? <p className={s.muted}>{t('documents.detail.diffTruncated')}</p> : null}
          </div>
        ) : (
          <p className={s.muted}>{t('loading')}</p>
        )
      ) : null}
    </RecordSection>
  );
}
