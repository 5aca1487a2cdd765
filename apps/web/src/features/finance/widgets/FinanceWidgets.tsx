import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useFinanceDashboard } from '@servicedesk/api/finance/finance-dashboard';
import { formatDate, formatNumber } from '@servicedesk/i18n';
import { LazyBarChart } from '../../shared/LazyBarChart';
import { filtersKey, saveFilters } from '../../shared/filter-memory';
import { INVOICES_TABLE_KEY, defaultInvoiceFilters } from '../invoices/list-filters';
import { money } from '../shared/finance-display';
import * as p from '../../shared/page.css';
import * as s from '../shared/finance.css';

/**
 * Finance's dashboard figures (issue #16): invoices waiting in the accounting pool (accountants),
 * invoices waiting for my step (a link to the list's "waiting for me" view), and this year's paid
 * totals per month as a bar chart (the director and accountants — whoever sees every invoice; its
 * numbers also in a table for screen readers). Only for users whose type holds
 * `finance.vendorInvoices`.
 */
export function FinanceWidgets() {
  const allowed = useCheckMenuPermission({ actionName: 'finance.vendorInvoices' });
  if (!allowed.data?.hasPermission) return null;
  return <Widgets />;
}

function Widgets() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const figures = useFinanceDashboard();
  const data = figures.data;
  const monthName = (m: number) => formatDate(`2026-${String(m).padStart(2, '0')}-15`, lang, { month: 'short' });
  return (
    <section aria-labelledby="dashboard-finance">
      <div className={s.sectionHead}>
        <h2 id="dashboard-finance" className={p.cardTitle}>
          {t('finance.widgets.heading')}
        </h2>
        <RouterLink className={p.muted} to="/home/finance/vendor-invoices">
          {t('finance.widgets.openList')}
        </RouterLink>
      </div>
      {figures.isError ? (
        <p className={p.muted} role="alert">
          {t('finance.widgets.loadFailed')}
        </p>
      ) : null}
      {data ? (
        <>
          <ul className={s.widgetGrid}>
            {data.poolWaiting !== null ? (
              <li data-testid="finance-pool">
                <RouterLink className={`${p.card} ${s.widgetLink}`} to="/home/finance/accounting-pool">
                  <p className={p.statLabel}>{t('finance.widgets.pool')}</p>
                  <p className={p.statValue}>{formatNumber(data.poolWaiting, lang)}</p>
                </RouterLink>
              </li>
            ) : null}
            <li data-testid="finance-myStep">
              <RouterLink
                className={`${p.card} ${s.widgetLink}`}
                to="/home/finance/vendor-invoices"
                onClick={() => saveFilters(filtersKey(INVOICES_TABLE_KEY), { ...defaultInvoiceFilters, view: 'myStep' })}
              >
                <p className={p.statLabel}>{t('finance.widgets.myStep')}</p>
                <p className={p.statValue}>{formatNumber(data.myStep, lang)}</p>
              </RouterLink>
            </li>
          </ul>
          {data.paidByMonth ? (
            <div className={`${p.card} ${s.chartCard}`}>
              <LazyBarChart
                title={t('finance.widgets.paidByMonth')}
                summary={t('finance.widgets.paidChartLabel', { year: data.year })}
                data={data.paidByMonth.map((row) => ({ month: monthName(row.month), total: row.total }))}
                categoryKey="month"
                categoryLabel={t('finance.widgets.month')}
                series={[{ key: 'total', label: t('finance.widgets.amount') }]}
                emptyText={t('finance.widgets.empty')}
                formatValue={(n) => money(n, lang)}
                height={260}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
