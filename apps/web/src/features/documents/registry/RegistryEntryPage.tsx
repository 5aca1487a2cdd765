import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMMENT_MIN_LENGTH } from '@servicedesk/contracts';
import { documentsKeys } from '@servicedesk/api/documents/documents-keys';
import { useRegistryAction, useRegistryEntry } from '@servicedesk/api/documents/registry';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { LazyRecordDecision } from '../../shared/record/lazy-approval-chain';
import { usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useRecordAction } from '../../shared/record/use-record-action';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { useLiveRecords } from '../../../realtime/live-records';
import { documentsErrorText } from '../shared/errors';
import { DocumentStatus } from '../shared/DocumentStatus';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';

const REGISTRY_KIND = 'registryEntry';
const status = (value: string) => <DocumentStatus status={value} />;
const TIMELINE: RecordTimelineOptions = { actions: 'documents.registry.history', status };

/**
 * /home/documents/registry/{id}: an entry with its number, kind, subject, correspondent, linked
 * document (its title only to who may read it), the approval chain with the registry callback —
 * approve, or reject with a comment — offered only when the server lists it in the entry's
 * `allowedActions` (never to the entry's author, whom the server refuses), void with a reason
 * (the entry stays, its number is never given again) likewise, and its history.
 */
export function RegistryEntryPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyRecordDecision);
  const id = Number(useParams().id);
  const entry = useRegistryEntry(Number.isInteger(id) && id > 0 ? id : null);
  const action = useRegistryAction();
  const recordKey = documentsKeys.registryEntry(id);
  const { run } = useRecordAction<'approve' | 'reject' | 'void'>({ recordKind: REGISTRY_KIND, recordId: id, recordKey, refusal: { codes: 'documents.errors', rules: 'documents.errors' } });
  const [voiding, setVoiding] = useState(false);
  const timeline = useRecordTimeline(entry.data, TIMELINE);
  useLiveRecords();
  if (entry.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (entry.isError || !entry.data) return <p role="alert">{documentsErrorText(t, entry.error)}</p>;
  const e = entry.data.entry;
  const allowed = entry.data.allowedActions;
  return (
    <div className={p.page}>
      <RouterLink className={s.link} to="/home/documents/registry">
        {t('documents.registry.detail.back')}
      </RouterLink>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{e.number}</h1>
          <p className={p.lead}>
            <span data-testid="registry-status">{status(e.status)}</span> {t(`documents.registry.kind.${e.kind}`)} · {e.subject}
          </p>
        </div>
        <div className={s.actions}>
          {allowed.includes('void') ? (
            <Button variant="ghost" onPress={() => setVoiding(true)}>
              {t('documents.registry.detail.void')}
            </Button>
          ) : null}
        </div>
      </div>
      <section className={p.card}>
        <dl className={s.dl}>
          <dt className={s.dt}>{t('documents.registry.columns.correspondent')}</dt>
          <dd className={s.dd}>{e.correspondent || '—'}</dd>
          <dt className={s.dt}>{t('documents.registry.columns.document')}</dt>
          <dd className={s.dd}>
            {e.documentId !== null && e.documentTitle ? (
              <RouterLink className={s.link} to={`/home/documents/circulation/${e.documentId}`}>
                {e.documentTitle}
              </RouterLink>
            ) : (
              '—'
            )}
          </dd>
          <dt className={s.dt}>{t('documents.registry.columns.registeredBy')}</dt>
          <dd className={s.dd}>{e.registeredBy}</dd>
          <dt className={s.dt}>{t('documents.registry.columns.registeredAt')}</dt>
          <dd className={s.dd}>{formatDateTime(e.registeredAt, i18n.language, numericDateTime)}</dd>
        </dl>
        {e.voidReason ? <p>{t('documents.registry.detail.voidReason', { reason: e.voidReason })}</p> : null}
      </section>
      <section className={p.card}>
        <LazyRecordDecision
          recordKind={REGISTRY_KIND}
          recordId={e.id}
          recordKey={recordKey}
          title={t('documents.detail.approval')}
          allowed={allowed}
          decide={(decision, comment) => action.mutateAsync({ id: e.id, action: decision === 'reject' ? 'reject' : 'approve', body: comment ? { comment } : {} })}
        />
      </section>
      <section className={p.card}>
        <RecordTimeline entries={timeline} />
      </section>
      {voiding ? (
        <Prompt
          isOpen
          onOpenChange={(o) => (o ? undefined : setVoiding(false))}
          title={t('documents.registry.detail.void')}
          label={t('documents.registry.detail.reason')}
          submitLabel={t('documents.registry.detail.void')}
          cancelLabel={t('cancel')}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('documents.registry.detail.minLength', { n: COMMENT_MIN_LENGTH })}
          onSubmit={async (text: string) => {
            await run('void', () => action.mutateAsync({ id: e.id, action: 'void', body: { reason: text } }), t('documents.registry.detail.done'));
            setVoiding(false);
          }}
        />
      ) : null}
    </div>
  );
}
