import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { gridRows, useMaterial, useStockGridPages } from '@servicedesk/api/stock/stock-queries';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import * as st from '@servicedesk/ui/SimpleTable';
import { numericDateTime } from '../shared/format';
import { useLiveRecords } from '../../realtime/live-records';
import { formatAmount, formatQuantity, operationKindFamily, operationKindKey } from './stock-display';
import * as p from '../shared/page.css';
import * as s from '../shared/list-page.css';

/**
 * /home/inventory/materials/{id}: a material — its code, group, unit, parameters — with its
 * stock per warehouse (quantity, moving average cost, value) and its history (every movement,
 * newest first, with the running balance in that warehouse), all derived from the ledger.
 */
export function MaterialDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = Number(useParams().id);
  const material = useMaterial(id);
  const levels = useStockGridPages('levels', { materialId: id, take: 100, sort: 'warehouse', sortDir: 'asc' });
  const movements = useStockGridPages('movements', { materialId: id, take: 100 });
  useLiveRecords();
  if (material.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (material.isError) return <p role="alert">{t('error.generic')}</p>;
  const m = material.data;
  const levelRows = gridRows<'levels'>(levels.data);
  const moveRows = gridRows<'movements'>(movements.data);
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>
          {m.code} — {m.name}
        </h1>
        <p className={p.lead}>
          {m.groupPath} · {m.unitName}
          {m.minLevel !== null ? ` · ${t('stock.columns.minLevel')}: ${formatQuantity(m.minLevel, lang)}` : ''}
        </p>
      </div>
      {m.parameters.length ? (
        <section className={p.card}>
          <h2 className={p.cardTitle}>{t('stock.columns.parameters')}</h2>
          <dl className={s.formGrid}>
            {m.parameters.map((x) => (
              <div key={x.name}>
                <dt className={p.statLabel}>{x.name}</dt>
                <dd style={{ margin: 0 }}>{x.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section className={p.card} aria-labelledby="material-levels">
        <h2 id="material-levels" className={p.cardTitle}>
          {t('stock.materials.levels', { total: formatQuantity(m.stock, lang), unit: m.unitName })}
        </h2>
        <div className={st.tableWrap}>
          <table className={st.table} data-testid="material-levels">
            <thead>
              <tr>
                <th className={st.th}>{t('stock.columns.warehouse')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.quantity')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.averageCost')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.value')}</th>
              </tr>
            </thead>
            <tbody>
              {levelRows.map((row) => (
                <tr key={row.warehouseId}>
                  <td className={st.td}>{row.warehouseName}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(row.quantity, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(row.averageCost, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(row.value, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={p.card} aria-labelledby="material-history">
        <h2 id="material-history" className={p.cardTitle}>
          {t('stock.materials.history')}
        </h2>
        <div className={st.tableWrap}>
          <table className={st.table}>
            <thead>
              <tr>
                <th className={st.th}>{t('stock.columns.date')}</th>
                <th className={st.th}>{t('stock.columns.number')}</th>
                <th className={st.th}>{t('stock.columns.kind')}</th>
                <th className={st.th}>{t('stock.columns.warehouse')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.quantity')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.value')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {moveRows.map((row) => (
                <tr key={row.id}>
                  <td className={st.td}>{formatDateTime(row.operationDate, lang, numericDateTime)}</td>
                  <td className={st.td}>
                    <RouterLink to={`/home/inventory/warehouses/operations/${row.operationId}`}>{row.operationNumber}</RouterLink>
                  </td>
                  <td className={st.td}>
                    <StatusBadge status={row.kind} family={operationKindFamily[row.kind]}>
                      {t(operationKindKey(row.kind))}
                    </StatusBadge>
                  </td>
                  <td className={st.td}>{row.warehouseName}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(row.quantity, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(row.value, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(row.balanceQuantity, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {movements.hasNextPage ? (
          <Button variant="secondary" isPending={movements.isFetchingNextPage} onPress={() => void movements.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
