import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useAddDocumentComment, useDeleteDocument, useDocument } from '@servicedesk/api/documents/documents';
import { useFolderTree } from '@servicedesk/api/documents/folders';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalDecisionPanel } from '../../shared/record/lazy-approval-chain';
import { LazyRecordCommentForm } from '../../shared/record/lazy-comment-form';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useMentionUsers } from '../../shared/record/use-mention-users';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { LazySelect as Select, usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { useLiveRecords } from '../../../realtime/live-records';
import { DocumentStatus } from '../shared/DocumentStatus';
import { DocumentVersions } from './DocumentVersions';
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

const TIMELINE: RecordTimelineOptions = { actions: 'documents.detail.action', status: (status) => <DocumentStatus status={status} /> };
const LIST = '/home/documents/circulation';

/**
 * /home/documents/circulation/{id} (issue #15) on the record kit: a document's fields, a preview of
 * a chosen version, its versions (DocumentVersions: download, a new version, the diff), sending it
 * for visa / approval on the engine (write; the route's people), the approval chain with the
 * decision bar for its approvers, the registry numbers it carries, its history and comments
 * (@mentions notify; read suffices, as the server's POST /documents/{id}/comments), and delete to
 * the recycle bin after a confirmation. 403 (no permission on its folder) and 404 (unknown or in
 * the bin) show as such.
 */
export function DocumentPage() {
  const { t, i18n } = useTranslation();
  usePreload(Select, LazyApprovalDecisionPanel, LazyRecordCommentForm);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const doc = useDocument(Number.isInteger(id) && id > 0 ? id : null);
  // The folder tree (the move's targets) only for who may move it (write): a person the document is routed to may not open folders at all.
  const tree = useFolderTree(doc.data !== undefined && doc.data.level !== 'read');
  const remove = useDeleteDocument();
  const comment = useAddDocumentComment();
  const mentionUsers = useMentionUsers();
  const [routeOpen, setRouteOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [previewNo, setPreviewNo] = useState<number | null>(null);
  const timeline = useRecordTimeline(doc.data, TIMELINE);
  useLiveRecords();
  const data = doc.data;

  if (doc.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (doc.isError || !data) {
    return (
      <div className={p.page}>
        <p role="alert">{isApiRequestError(doc.error, 403) ? t('documents.errors.folderPermission') : t('documents.errors.generic')}</p>
        <RouterLink className={s.link} to={LIST}>
          {t('documents.detail.back')}
        </RouterLink>
      </div>
    );
  }
  const d = data.document;
  const versions = data.versions;
  const canWrite = data.level === 'write' || data.level === 'manage';
  const canRoute = canWrite && ['DRAFT', 'RETURNED'].includes(d.status);
  const previewed = versions.find((v) => v.versionNo === (previewNo ?? versions[0]?.versionNo));
  const fields: RecordField[] = [
    { id: 'type', label: t('documents.columns.type'), value: d.typeName },
    { id: 'folder', label: t('documents.columns.folder'), value: d.folderName ?? '—' },
    { id: 'author', label: t('documents.columns.author'), value: d.author },
    { id: 'updatedAt', label: t('documents.columns.updatedAt'), value: formatDateTime(d.updatedAt, i18n.language, numericDateTime) },
    ...(d.forVendorInvoice ? [{ id: 'forVendorInvoice', label: t('documents.form.forVendorInvoice'), value: '✓' }] : []),
    ...(data.registryEntries.length
      ? [
          {
            id: 'registry',
            label: t('documents.detail.registry'),
            value: data.registryEntries.map((r) => (
              <RouterLink key={r.id} className={s.link} to={`/home/documents/registry/${r.id}`}>
                {r.number}{' '}
              </RouterLink>
            )),
          },
        ]
      : []),
  ];

  return (
    <>
      <RecordPage
        back={
          <RouterLink className={s.link} to={LIST}>
            {t('documents.detail.back')}
          </RouterLink>
        }
        number={d.registryNumber ?? undefined}
        title={d.title}
        status={
          <>
            <DocumentStatus status={d.status} />{' '}
            <span className={s.muted}>{t('documents.detail.level', { level: t(`documents.folders.level.${data.level}`) })}</span>
          </>
        }
        actions={
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
        }
        fieldsTitle={t('documents.detail.fields')}
        fields={fields}
        timelineTitle={t('documents.detail.history')}
        timeline={<RecordTimeline entries={timeline} label={t('documents.detail.history')} />}
        comments={<LazyRecordCommentForm users={mentionUsers} onSend={(input) => comment.mutateAsync({ id: d.id, ...input })} isPending={comment.isPending} />}
      >
        {previewed ? (
          <RecordSection title={t('documents.detail.preview')}>
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
          </RecordSection>
        ) : null}
        <DocumentVersions documentId={d.id} versions={versions} canWrite={canWrite} />
        {d.status !== 'DRAFT' ? (
          <RecordSection title={t('documents.detail.approval')}>
            <LazyApprovalDecisionPanel key={d.updatedAt} recordKind="document" recordId={d.id} onDecided={() => void doc.refetch()} />
          </RecordSection>
        ) : null}
      </RecordPage>
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
          void navigate(LIST);
        }}
      >
        {t('documents.detail.deleteConfirm', { name: d.title })}
      </ConfirmDialog>
    </>
  );
}
