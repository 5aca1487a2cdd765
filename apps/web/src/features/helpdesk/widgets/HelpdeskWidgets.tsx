import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskListScope } from '@servicedesk/contracts';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useHelpdeskDashboard } from '@servicedesk/api/helpdesk/get-helpdesk-dashboard';
import { formatNumber } from '@servicedesk/i18n';
import { LazyBarChart } from '../../shared/LazyBarChart';
import { defaultListFilters, saveListFilters, type HelpdeskListFilters } from '../list/list-filters';
import { statusKey } from '../shared/helpdesk-display';
import { useLiveRecords } from '../../../realtime/live-records';
import * as p from '../../shared/page.css';
import * as s from '../../shared/list-page.css';

/** Opens the list with a view and filters: remembers them as the list's filters, then links there. */
function openListWith(view: HelpdeskListScope, change: Partial<HelpdeskListFilters>) {
  saveListFilters({ ...defaultListFilters, ...change, view });
}

/**
 * The help-desk widgets of the dashboard (issue #6 "Dashboard widgets: my open requests,
 * requests by status, overdue, my group's queue, with charts"), from GET /api/helpdesk/dashboard:
 * four figures, each a link to the list with the matching view and filter, and a bar chart of
 * the visible requests per status (its numbers also in a table for screen readers). Shown only
 * to users whose type holds `helpdesk.requests`; refreshed live by help-desk notifications.
 */
export function HelpdeskWidgets() {
  const allowed = useCheckMenuPermission({ actionName: 'helpdesk.requests' });
  if (!allowed.data?.hasPermission) return null;
  return <Widgets />;
}

function Widgets() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const figures = useHelpdeskDashboard();
  const viewAll = useCheckMenuPermission({ actionName: 'helpdesk.requests.viewAll' });
  useLiveRecords();
  const data = figures.data;

  const cards: { id: string; label: string; value: number; danger?: boolean; onOpen: () => void }[] = data
    ? [
        { id: 'myOpen', label: t('helpdesk.widgets.myOpen'), value: data.myOpen, onOpen: () => openListWith('mine', { status: 'open' }) },
        { id: 'assignedToMe', label: t('helpdesk.widgets.assignedToMe'), value: data.assignedToMe, onOpen: () => openListWith('assigned', { status: 'open' }) },
        { id: 'myGroupQueue', label: t('helpdesk.widgets.myGroupQueue'), value: data.myGroupQueue, onOpen: () => openListWith('queue', { status: 'open' }) },
        // The figure counts what the user may see: every request with viewAll, else those involving them.
        { id: 'overdue', label: t('helpdesk.widgets.overdue'), value: data.overdue, danger: data.overdue > 0, onOpen: () => openListWith(viewAll.data?.hasPermission ? 'all' : 'involved', { overdue: true }) },
      ]
    : [];
  const top = data ? [...data.byStatus].sort((a, b) => b.count - a.count)[0] : undefined;

  return (
    <section aria-labelledby="dashboard-helpdesk">
      <div className={s.sectionHead}>
        <h2 id="dashboard-helpdesk" className={p.cardTitle}>
          {t('helpdesk.widgets.heading')}
        </h2>
        <RouterLink className={s.numberLink} to="/home/helpdesk/requests">
          {t('helpdesk.widgets.openList')}
        </RouterLink>
      </div>
      {figures.isPending ? (
        <p className={p.muted} role="status">
          {t('loading')}
        </p>
      ) : null}
      {figures.isError ? (
        <p className={p.muted} role="alert">
          {t('helpdesk.widgets.loadFailed')}
        </p>
      ) : null}
      {data ? (
        <>
          <ul className={s.widgetGrid}>
            {cards.map((c) => (
              <li key={c.id} data-testid={`helpdesk-${c.id}`}>
                <RouterLink className={`${p.card} ${s.widgetLink}`} to="/home/helpdesk/requests" onClick={c.onOpen}>
                  <p className={p.statLabel}>{c.label}</p>
                  <p className={`${p.statValue} ${c.danger ? s.widgetDanger : ''}`}>{formatNumber(c.value, lang)}</p>
                </RouterLink>
              </li>
            ))}
          </ul>
          <div className={`${p.card} ${s.chartCard}`}>
            <LazyBarChart
              title={t('helpdesk.widgets.byStatus')}
              summary={top && top.count > 0 ? t('helpdesk.widgets.byStatusSummary', { status: t(statusKey(top.status)), count: top.count }) : undefined}
              data={data.byStatus.map((row) => ({ status: t(statusKey(row.status)), count: row.count }))}
              categoryKey="status"
              categoryLabel={t('helpdesk.columns.status')}
              series={[{ key: 'count', label: t('helpdesk.widgets.requests') }]}
              emptyText={t('helpdesk.widgets.empty')}
              formatValue={(n) => formatNumber(n, lang)}
              height={260}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
