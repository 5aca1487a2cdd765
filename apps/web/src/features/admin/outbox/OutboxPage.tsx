import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxRow, OutboxStatusValue } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useOutbox, useRetryOutbox } from '@servicedesk/api/admin/outbox/outbox';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { PageNav } from '../../shared/PageNav';
import { refusalText } from '../../shared/record/refusal';
import * as p from '../../shared/page.css';
import * as s from '../directory/directory.css';
import { InboundMailSection } from './InboundMailSection';
import { StatusFilter } from './StatusFilter';

const STATUSES: OutboxStatusValue[] = ['queued', 'sending', 'sent', 'failed'];
const statusVariant: Record<OutboxStatusValue, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  queued: 'neutral',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};

/** One row's retries: who sent it again and when. */
function Retries({ row }: { row: OutboxRow }) {
  const { t, i18n } = useTranslation();
  if (row.retries.length === 0) return null;
  return (
    <ul className={p.muted} style={{ margin: 0, paddingInlineStart: '1rem' }}>
      {row.retries.map((r) => (
        <li key={r.at}>{t('adminOutbox.retriedBy', { name: r.userName, at: formatDateTime(r.at, i18n.language) })}</li>
      ))}
    </ul>
  );
}

/**
 * /home/admin/outbox: two tabs. Sent — the messages the server sends (mail, WhatsApp): queued,
 * sending, sent and failed with the reason, tries and next try, filtered by status; a failed one
 * can be sent again (shown to holders of `admin.outbox.retry`; the server checks it on the call),
 * and who did so is listed under the row; says so when mail is not configured (SMTP_HOST unset).
 * Inbound mail — what the help-desk mailbox received and what became of it (InboundMailSection).
 */
export function OutboxPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('adminOutbox.title')}</h1>
        <p className={p.lead}>{t('adminOutbox.description')}</p>
      </div>
      <section className={p.card}>
        <Tabs
          ariaLabel={t('adminOutbox.title')}
          items={[
            { id: 'sent', label: t('adminOutbox.tabs.sent'), content: <OutboxSection /> },
            { id: 'inbound', label: t('adminOutbox.tabs.inbound'), content: <InboundMailSection /> },
          ]}
        />
      </section>
    </div>
  );
}

/** The Sent tab: the outbox's rows by status, with the retry of a failed one. */
function OutboxSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<OutboxStatusValue | null>(null);
  const [page, setPage] = useState(1);
  const outbox = useOutbox(status, page);
  const retry = useRetryOutbox();
  const { can } = usePagePermissions('admin.outbox');
  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / 50)) : 1;
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  const choose = (next: OutboxStatusValue | null) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div>
      {data && !data.mailConfigured ? (
        <p role="status" className={s.warning}>
          {t('adminOutbox.notConfigured')}
        </p>
      ) : null}

      <section aria-labelledby="outbox-title">
        <h2 id="outbox-title" className={p.cardTitle}>
          {t('adminOutbox.status')}
        </h2>
        <StatusFilter statuses={STATUSES} value={status} counts={data?.counts} label={(value) => t(`adminOutbox.statuses.${value}`)} onChange={choose} />
        {retry.data ? <p role="status">{t('adminOutbox.retried', { id: retry.data.id })}</p> : null}
        {retry.error ? (
          <p role="alert" className={s.warning}>
            {isApiRequestError(retry.error) && retry.error.code === 'outboxNotFailed' ? t('adminOutbox.notFailed') : refusalText(t, retry.error)}
          </p>
        ) : null}
        {outbox.isError ? (
          <p role="alert" className={s.warning}>
            {t('adminOutbox.loadError')}
          </p>
        ) : null}
        {data && data.rows.length === 0 ? <p className={p.muted}>{t('adminOutbox.empty')}</p> : null}
        {data && data.rows.length > 0 ? (
          <table className={s.table} data-testid="outbox-table">
            <thead>
              <tr>
                <th className={s.cell} scope="col">#</th>
                <th className={s.cell} scope="col">{t('adminOutbox.channel')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.recipient')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.subject')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.status')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.attempts')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.createdAt')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.sentAt')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.lastError')}</th>
                <th className={s.cell} scope="col">{t('adminOutbox.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} data-testid={`outbox-row-${row.id}`}>
                  <td className={s.cell}>{row.id}</td>
                  <td className={s.cell}>{t(`adminOutbox.channels.${row.channel}`)}</td>
                  <td className={s.cell}>{row.recipient}</td>
                  <td className={s.cell}>{row.subject}</td>
                  <td className={s.cell}>
                    <Badge variant={statusVariant[row.status]}>{t(`adminOutbox.statuses.${row.status}`)}</Badge>
                  </td>
                  <td className={s.cell}>{row.attempts}</td>
                  <td className={s.cell}>{when(row.createdAt)}</td>
                  <td className={s.cell}>{row.status === 'sent' ? when(row.sentAt) : `${t('adminOutbox.nextAttemptAt')}: ${row.status === 'failed' ? '—' : when(row.nextAttemptAt)}`}</td>
                  <td className={s.cell}>
                    {row.lastError ?? '—'}
                    <Retries row={row} />
                  </td>
                  <td className={s.cell}>
                    {row.status === 'failed' && can('admin.outbox.retry') ? (
                      <Button size="sm" variant="secondary" onPress={() => retry.mutate(row.id)} isPending={retry.isPending && retry.variables === row.id}>
                        {t('adminOutbox.retry')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <PageNav page={page} pageCount={pages} onPageChange={setPage} />
      </section>
    </div>
  );
}
