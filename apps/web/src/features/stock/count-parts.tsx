import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CountSession, CountStatus } from '@servicedesk/contracts';
import { formatDateTime } from '@servicedesk/i18n';
import { StatusBadge, type StatusFamily } from '@servicedesk/ui/StatusBadge';
import { RecordViewers } from '../shared/record/RecordViewers';
import { numericDateTime } from '../shared/format';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

const STATUS_FAMILY: Record<CountStatus, StatusFamily> = { open: 'info', posted: 'success', cancelled: 'neutral' };

/** The page of count `id`: /home/inventory/warehouses/counts/{id}. */
export const countPath = (id: number) => `/home/inventory/warehouses/counts/${id}`;

/** A count's status (open, posted, cancelled) as a badge in the user's language. */
export function CountStatusBadge({ status }: { status: CountStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={STATUS_FAMILY[status]}>
      {t(`stock.count.status.${status}`)}
    </StatusBadge>
  );
}

/** A count page's header: its number and warehouse, status, scope, who started it and when; who is on it now; back to the list. */
export function CountHeader({ session }: { session: CountSession }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={s.header}>
      <div>
        <h1 className={p.heading}>{t('stock.count.detailTitle', { id: session.id, warehouse: session.warehouseName })}</h1>
        <p className={p.lead}>
          <CountStatusBadge status={session.status} /> {t('stock.count.scope', { scope: session.materialGroupName ?? t('stock.count.wholeWarehouse') })} ·{' '}
          {t('stock.count.startedByAt', { name: session.createdBy?.name ?? '—', at: formatDateTime(session.createdAt, i18n.language, numericDateTime) })}
        </p>
      </div>
      <div className={s.formActions}>
        <RecordViewers kind="stockCount" id={session.id} />
        <RouterLink to="/home/inventory/warehouses/counts">{t('stock.count.listTitle')}</RouterLink>
      </div>
    </div>
  );
}

/** A closed count's outcome: posted (its figures and the operations it wrote, each a link) or cancelled. */
export function CountOutcome({ session }: { session: CountSession }) {
  const { t } = useTranslation();
  return session.status === 'posted' ? (
    <p className={f.success} role="status">
      {t('stock.count.posted', {
        writeOffs: session.postedPlan?.writeOffs ?? 0,
        transfers: session.postedPlan?.transfers ?? 0,
        adjustments: session.postedPlan?.adjustments ?? 0,
      })}{' '}
      {session.operationIds.map((opId) => (
        <RouterLink key={opId} to={`/home/inventory/warehouses/operations/${opId}`} style={{ marginRight: 8 }}>
          #{opId}
        </RouterLink>
      ))}
    </p>
  ) : (
    <p className={p.muted} role="status">
      {t('stock.count.cancelled')}
    </p>
  );
}
