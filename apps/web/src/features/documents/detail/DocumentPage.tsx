import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useAddVersion, useDeleteDocument, useDocument, useDocumentDiff } from '@servicedesk/api/documents/documents';
import { useFolderTree } from '@servicedesk/api/documents/folders';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { toast } from '@servicedesk/ui/Toast';
import { ApprovalDecisionPanel } from '../../shared/record/ApprovalChain';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { FileUploadField, LazySelect as Select, usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { useLiveRecords } from '../../../realtime/live-records';
import { documentsErrorText } from '../shared/errors';
import { statusVariant } from '../shared/status';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';
import { lazyDialog } from '../../shared/lazy-fields';

/** The preview (pdf.js for PDFs, DOMPurify for DOCX) loads after the page's first paint (web README "Bundle budgets"). */
const DocumentPreview = lazy(() => import('./DocumentPreview').then((m) => ({ default: m.DocumentPreview })));
/** The route and move dialogs, each loaded the first time it opens. */
const RouteDialog = lazyDialog(() => import('./RouteDialog').then((m) => m.RouteDialog));
const MoveDialog = lazyDialog(
  () => import('../circulation/MoveDialog').then((m) => m.MoveDialog),
  (props) => props.item !== null,
);

const KB = 1024;

/**
 * /home/documents/circulation/{id} (issue #15): a document's fields, its versions (each with
 * its SHA-256, size, who and when; every one downloadable), a new version (write), the line diff
 * between two versions, sending it for visa / approval on the engine (write; the route's people),
 * the approval chain with the decision bar for its approvers, the registry numbers it carries,
 * its history, and delete to the recycle bin. 403 (no permission on its folder) and 404 (unknown
 * or in the bin) show as such.
 */
export function DocumentPage() {
  const { t, i18n } = useTranslation();
  usePreload(Select);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const doc = useDocument(Number.isInteger(id) && id > 0 ? id : null);
  // The folder tree (the move's targets) only for who may move it (write): a person the document is routed to may not open folders at all.
  const tree = useFolderTree(doc.data !== undefined && doc.data.level !== 'read');
  const addVersion = useAddVersion();
  const remove = useDeleteDocument();
  const [uploaderKey, setUploaderKey] = useState(0);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [pick, setPick] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const [routeOpen, setRouteOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [previewNo, setPreviewNo] = useState<number | null>(null);
  const diff = useDocumentDiff(id, compare);
  useLiveRecords();
  const lang = i18n.language;
  const when = (iso: string) => formatDateTime(iso, lang, numericDateTime);
  const data = doc.data;
  const versions = useMemo(() => data?.versions ?? [], [data]);
  const latest = versions[0]?.versionNo ?? 0;
  const from = pick.from ?? (latest > 1 ? latest - 1 : null);
  const to = pick.to ?? (latest > 1 ? latest : null);

  if (doc.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (doc.isError || !data) {
    const code = isApiRequestError(doc.error, 403) ? 'forbidden' : 'generic';
    return (
      <div className={p.page}>
        <p role="alert">{isApiRequestError(doc.error, 403) ? t('documents.errors.folderPermission') : t(`documents.errors.${code}`)}</p>
        <RouterLink className={s.link} to="/home/documents/circulation">
          {t('documents.detail.back')}
        </RouterLink>
      </div>
    );
  }
  const d = data.document;
  const canWrite = data.level === 'write' || data.level === 'manage';
  const canRoute = canWrite && ['DRAFT', 'RETURNED'].includes(d.status);
  const previewed = versions.find((v) => v.versionNo === (previewNo ?? latest));

  return (
    <div className={p.page}>
      <RouterLink className={s.link} to="/home/documents/circulation">
        {t('documents.detail.back')}
      </RouterLink>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{d.title}</h1>
          <p className={p.lead}>
            <Badge variant={statusVariant(d.status)}>{t(`documents.status.${d.status}`)}</Badge>{' '}
            {d.registryNumber ? <strong>{d.registryNumber}</strong> : null} · {t('documents.detail.level', { level: t(`documents.folders.level.${data.level}`) })}
          </p>
        </div>
        <div className={s.actions}>
          {canRoute ? <Button onPress={() => setRouteOpen(true)}>{t('documents.detail.route')}</Button> : null}
          {canWrite && tree.data ? (
            <Button variant="secondary" onPress={() => setMoveOpen(true)}>
              {t('documents.detail.move')}
            </Button>
          ) : null}
          {canWrite ? (
            <Button variant="ghost" onPress={() => setConfirmDelete(true)}>
              {t('documents.detail.delete')}
            </Button>
          ) : null}
        </div>
      </div>

      <section className={p.card} aria-labelledby="doc-fields">
        <h2 id="doc-fields" className={p.cardTitle}>
          {t('documents.detail.fields')}
        </h2>
        <dl className={s.dl}>
          <dt className={s.dt}>{t('documents.columns.type')}</dt>
          <dd className={s.dd}>{d.typeName}</dd>
          <dt className={s.dt}>{t('documents.columns.folder')}</dt>
          <dd className={s.dd}>{d.folderName ?? '—'}</dd>
          <dt className={s.dt}>{t('documents.columns.author')}</dt>
          <dd className={s.dd}>{d.author}</dd>
          <dt className={s.dt}>{t('documents.columns.updatedAt')}</dt>
          <dd className={s.dd}>{when(d.updatedAt)}</dd>
          {d.forVendorInvoice ? (
            <>
              <dt className={s.dt}>{t('documents.form.forVendorInvoice')}</dt>
              <dd className={s.dd}>✓</dd>
            </>
          ) : null}
          {data.registryEntries.length ? (
            <>
              <dt className={s.dt}>{t('documents.detail.registry')}</dt>
              <dd className={s.dd}>
                {data.registryEntries.map((r) => (
                  <RouterLink key={r.id} className={s.link} to={`/home/documents/registry/${r.id}`}>
                    {r.number}{' '}
                  </RouterLink>
                ))}
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      {previewed ? (
        <section className={p.card} aria-labelledby="doc-preview">
          <h2 id="doc-preview" className={p.cardTitle}>
            {t('documents.detail.preview')}
          </h2>
          {versions.length > 1 ? (
            <Select
              label={t('documents.detail.previewVersion')}
              items={versions.map((v) => ({ id: String(v.versionNo), label: `${t('documents.detail.version', { n: v.versionNo })} — ${v.file.name}` }))}
              selectedKey={String(previewed.versionNo)}
              onSelectionChange={(k) => setPreviewNo(Number(k))}
            />
          ) : null}
          <Suspense fallback={<p className={s.muted}>{t('loading')}</p>}>
            <DocumentPreview documentId={d.id} version={previewed} />
          </Suspense>
        </section>
      ) : null}

      <section className={p.card} aria-labelledby="doc-versions">
        <h2 id="doc-versions" className={p.cardTitle}>
          {t('documents.detail.versions')}
        </h2>
        {versions.length === 0 ? <p className={s.muted}>{t('documents.detail.noVersions')}</p> : null}
        <ul className={s.list} aria-label={t('documents.detail.versions')}>
          {versions.map((v) => (
            <li key={v.versionNo}>
              <strong>{t('documents.detail.version', { n: v.versionNo })}</strong>{' '}
              <span className={s.muted}>
                {t('documents.detail.versionLine', { name: v.file.name, size: `${formatNumber(Math.max(1, Math.round(v.sizeBytes / KB)), lang)} KB`, who: v.createdBy.name, when: when(v.createdAt) })}
              </span>
              <div className={s.hash}>{t('documents.detail.sha', { hash: v.sha256 })}</div>
            </li>
          ))}
        </ul>
        {versions.length ? <FileDownloadList files={versions.map((v) => ({ ...v.file, name: `${t('documents.detail.version', { n: v.versionNo })} — ${v.file.name}` }))} label={t('documents.detail.versions')} /> : null}
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
                { id: d.id, fileId: file.id },
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
            <Select label={t('documents.detail.compareFrom')} items={versions.map((v) => ({ id: String(v.versionNo), label: t('documents.detail.version', { n: v.versionNo }) }))} selectedKey={from === null ? null : String(from)} onSelectionChange={(k) => setPick((x) => ({ ...x, from: Number(k) }))} />
            <Select label={t('documents.detail.compareTo')} items={versions.map((v) => ({ id: String(v.versionNo), label: t('documents.detail.version', { n: v.versionNo }) }))} selectedKey={to === null ? null : String(to)} onSelectionChange={(k) => setPick((x) => ({ ...x, to: Number(k) }))} />
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
      </section>

      {d.status !== 'DRAFT' ? (
        <section className={p.card} aria-labelledby="doc-approval">
          <h2 id="doc-approval" className={p.cardTitle}>
            {t('documents.detail.approval')}
          </h2>
          <ApprovalDecisionPanel key={d.updatedAt} recordKind="document" recordId={d.id} onDecided={() => void doc.refetch()} />
        </section>
      ) : null}

      <section className={p.card} aria-labelledby="doc-history">
        <h2 id="doc-history" className={p.cardTitle}>
          {t('documents.detail.history')}
        </h2>
        <ol className={s.list}>
          {data.history.map((h) => (
            <li key={h.id}>
              <strong>{h.actor?.name ?? t('documents.detail.action.system')}</strong> {t(`documents.detail.action.${h.action}`, { defaultValue: h.action })}
              {h.toStatus && h.toStatus !== h.fromStatus ? <> → {t(`documents.status.${h.toStatus}`, { defaultValue: h.toStatus })}</> : null}
              {h.comment ? <> — «{h.comment}»</> : null} <span className={s.muted}>{when(h.createdAt)}</span>
            </li>
          ))}
        </ol>
      </section>

      {canRoute ? <RouteDialog documentId={d.id} authorId={d.authorId} isOpen={routeOpen} onClose={() => setRouteOpen(false)} /> : null}
      <MoveDialog item={moveOpen ? { kind: 'document', id: d.id, name: d.title, folderId: d.folderId } : null} folders={tree.data?.folders ?? []} onClose={() => setMoveOpen(false)} />
      <ConfirmDialog
        title={t('documents.detail.delete')}
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        confirmLabel={t('documents.detail.delete')}
        cancelLabel={t('cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(d.id);
          toast.show({ title: t('documents.detail.deleted'), variant: 'success' });
          void navigate('/home/documents/circulation');
        }}
      >
        {t('documents.detail.deleteConfirm', { name: d.title })}
      </ConfirmDialog>
    </div>
  );
}
