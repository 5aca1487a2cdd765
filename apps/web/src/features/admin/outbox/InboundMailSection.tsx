import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { InboundMailRow, InboundMailStatusValue } from '@servicedesk/contracts';
import { useInboundMail } from '@servicedesk/api/admin/outbox/inbound-mail';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { PageNav } from '../../shared/PageNav';
import { StatusFilter } from './StatusFilter';
import * as p from '../../shared/page.css';
import * as s from '../directory/directory.css';

const STATUSES: InboundMailStatusValue[] = ['processed', 'ignored', 'refused', 'failed'];
const statusVariant: Record<InboundMailStatusValue, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  processing: 'info',
  processed: 'success',
  ignored: 'neutral',
  refused: 'warning',
  failed: 'danger',
};

/** What became of a message, in words: its outcome, and for a loop which one. */
function Outcome({ row }: { row: InboundMailRow }) {
  const { t } = useTranslation();
  const outcome = row.outcome ?? 'processing';
  const known = ['request', 'comment', 'decision', 'loop', 'unknownSender', 'notDecided', 'failed', 'interrupted', 'unreadable'].includes(outcome);
  return (
    <>
      {known ? t(`adminOutbox.inbound.outcomes.${outcome}`) : outcome}
      {row.outcome === 'loop' && row.reason ? ` (${t(`adminOutbox.inbound.loops.${row.reason}`, { defaultValue: row.reason })})` : null}
    </>
  );
}

/**
 * Why a message was refused or failed, in the reader's language: the text of its reason code (the
 * one the sender was answered with, mail.reasons, or the admin's own, adminOutbox.inbound.reasons)
 * with its parameters; the server's words (`code: message`) stay in the title. A code without a
 * text shows those words.
 */
function Reason({ row }: { row: InboundMailRow }) {
  const { t, i18n } = useTranslation();
  if (row.outcome === 'loop' || !row.reason) return <>—</>;
  const code = row.reasonCode;
  const key = code && code !== 'other' ? [`mail.reasons.${code}`, `adminOutbox.inbound.reasons.${code}`].find((k) => i18n.exists(k)) : undefined;
  if (!key) return <>{row.reason}</>;
  return <span title={row.reason}>{t(key, { allowed: '', fileName: '', maxMb: '', totalMb: '', max: '', min: '', ...row.reasonParams })}</span>;
}

/**
 * The Outbox page's Inbound mail tab (issue #38): every message read from the help-desk mailbox —
 * what it became (a request, a comment, a decision, with a link to the record), left alone as a
 * loop, refused (unknown sender, a reply that decided nothing) or failed with its reason (kept in
 * the mailbox's Failed folder) — filtered by status, newest first. Says so when no mailbox is
 * configured (IMAP_HOST unset).
 */
export function InboundMailSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<InboundMailStatusValue | null>(null);
  const [page, setPage] = useState(1);
  const inbound = useInboundMail(status, page);
  const data = inbound.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / 50)) : 1;
  const choose = (next: InboundMailStatusValue | null) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <div>
      <p className={p.lead}>{t('adminOutbox.inbound.description')}</p>
      {data && !data.configured ? (
        <p role="status" className={s.warning}>
          {t('adminOutbox.inbound.notConfigured')}
        </p>
      ) : null}
      {data?.configured && data.address && data.folders ? (
        <p className={p.muted}>{t('adminOutbox.inbound.mailbox', { address: data.address, inbox: data.folders.inbox, processed: data.folders.processed, failed: data.folders.failed })}</p>
      ) : null}
      <StatusFilter statuses={STATUSES} value={status} counts={data?.counts} label={(value) => t(`adminOutbox.inbound.statuses.${value}`)} onChange={choose} />
      {inbound.isError ? (
        <p role="alert" className={s.warning}>
          {t('adminOutbox.inbound.loadError')}
        </p>
      ) : null}
      {data && data.rows.length === 0 ? <p className={p.muted}>{t('adminOutbox.inbound.empty')}</p> : null}
      {data && data.rows.length > 0 ? (
        <table className={s.table} data-testid="inbound-mail-table">
          <thead>
            <tr>
              <th className={s.cell} scope="col">#</th>
              <th className={s.cell} scope="col">{t('adminOutbox.inbound.from')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.subject')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.status')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.inbound.outcome')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.lastError')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.inbound.receivedAt')}</th>
              <th className={s.cell} scope="col">{t('adminOutbox.inbound.folder')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} data-testid={`inbound-row-${row.id}`}>
                <td className={s.cell}>{row.id}</td>
                <td className={s.cell}>
                  {row.user ? row.user.name : row.fromName ?? ''} {row.fromAddress ? `<${row.fromAddress}>` : ''}
                </td>
                <td className={s.cell}>{row.subject || '—'}</td>
                <td className={s.cell}>
                  <Badge variant={statusVariant[row.status]}>{t(`adminOutbox.inbound.statuses.${row.status}`)}</Badge>
                </td>
                <td className={s.cell}>
                  <Outcome row={row} />
                  {row.record?.url ? (
                    <>
                      {' '}
                      <RouterLink to={row.record.url}>{t('adminOutbox.inbound.openRecord')}</RouterLink>
                    </>
                  ) : null}
                </td>
                <td className={s.cell}>
                  <Reason row={row} />
                </td>
                <td className={s.cell}>{formatDateTime(row.createdAt, i18n.language)}</td>
                <td className={s.cell}>{row.folder ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <PageNav page={page} pageCount={pages} onPageChange={setPage} />
    </div>
  );
}
