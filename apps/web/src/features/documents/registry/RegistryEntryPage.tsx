import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMMENT_MIN_LENGTH } from '@servicedesk/contracts';
import { useRegistryAction, useRegistryEntry } from '@servicedesk/api/documents/registry';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { usePreload } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { useLiveRecords } from '../../../realtime/live-records';
import { documentsErrorText } from '../shared/errors';
import { statusVariant } from '../shared/status';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';

/**
 * /home/documents/registry/{id} (issue #15): an entry with its number, kind, subject,
 * correspondent, linked document (its title only to who may read it), the approval chain, and
 * the registry callback — approve, reject with a comment (documents.registry.approve / .reject;
 * the server decides who is the pending approver) — and void with a reason (the entry stays,
 * its number is never given again).
 */
export function RegistryEntryPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const id = Number(useParams().id);
  const entry = useRegistryEntry(Number.isInteger(id) && id > 0 ? id : null);
  const action = useRegistryAction();
  const { can } = usePagePermissions('documents.registry');
  const [prompt, setPrompt] = useState<'reject' | 'void' | null>(null);
  useLiveRecords();
  if (entry.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (entry.isError || !entry.data) return <p role="alert">{documentsErrorText(t, entry.error)}</p>;
  const e = entry.data.entry;
  const run = (name: 'approve' | 'reject' | 'void', body: Record<string, unknown>) =>
    action.mutateAsync({ id: e.id, action: name, body }).then(
      () => {
        toast.show({ title: t('documents.registry.detail.done'), variant: 'success' });
      },
      (error: unknown) => {
        toast.show({ title: documentsErrorText(t, error), variant: 'error' });
        throw error;
      },
    );
  return (
    <div className={p.page}>
      <RouterLink className={s.link} to="/home/documents/registry">
        {t('documents.registry.detail.back')}
      </RouterLink>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{e.number}</h1>
          <p className={p.lead}>
            <Badge variant={statusVariant(e.status)}>{t(`documents.status.${e.status}`)}</Badge> {t(`documents.registry.kind.${e.kind}`)} · {e.subject}
          </p>
        </div>
        <div className={s.actions}>
          {e.status === 'IN_APPROVAL' && can('documents.registry.approve') ? <Button onPress={() => void run('approve', {}).catch(() => undefined)}>{t('documents.registry.detail.approve')}</Button> : null}
          {e.status === 'IN_APPROVAL' && can('documents.registry.reject') ? (
            <Button variant="secondary" onPress={() => setPrompt('reject')}>
              {t('documents.registry.detail.reject')}
            </Button>
          ) : null}
          {e.status !== 'VOID' && can('documents.registry.create') ? (
            <Button variant="ghost" onPress={() => setPrompt('void')}>
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
      <section className={p.card} aria-labelledby="entry-approval">
        <h2 id="entry-approval" className={p.cardTitle}>
          {t('documents.detail.approval')}
        </h2>
        <LazyApprovalChain recordKind="registryEntry" recordId={e.id} version={entry.dataUpdatedAt.toString()} />
      </section>
      {prompt ? (
        <Prompt
          isOpen
          onOpenChange={(o) => (o ? undefined : setPrompt(null))}
          title={prompt === 'reject' ? t('documents.registry.detail.reject') : t('documents.registry.detail.void')}
          label={prompt === 'reject' ? t('documents.registry.detail.comment') : t('documents.registry.detail.reason')}
          submitLabel={prompt === 'reject' ? t('documents.registry.detail.reject') : t('documents.registry.detail.void')}
          cancelLabel={t('cancel')}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('documents.registry.detail.minLength', { n: COMMENT_MIN_LENGTH })}
          onSubmit={(text: string) => run(prompt, prompt === 'reject' ? { comment: text } : { reason: text })}
        />
      ) : null}
    </div>
  );
}
