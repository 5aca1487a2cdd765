import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CountListRow } from '@servicedesk/contracts';
import { useStockReference } from '@servicedesk/api/stock/stock-queries';
import type { useStartCount } from '@servicedesk/api/stock/stock-mutations';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import * as st from '@servicedesk/ui/SimpleTable';
import { LazySelect as Select } from '../shared/lazy-fields';
import { numericDateTime } from '../shared/format';
import { CountStatusBadge, countPath } from './count-parts';
import * as p from '../shared/page.css';
import * as s from '../shared/list-page.css';

/** "Start a count": a warehouse (active ones), optionally a material group (else the whole warehouse); Start opens the new count's page. */
export function CountStartForm({ start }: { start: ReturnType<typeof useStartCount> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reference = useStockReference();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const groups = (reference.data?.groups ?? []).filter((g) => g.isActive).map((g) => ({ id: String(g.id), label: g.path }));
  return (
    <section className={`${p.card} ${s.formCard}`} aria-labelledby="count-start">
      <h2 id="count-start" className={p.cardTitle}>
        {t('stock.count.start')}
      </h2>
      <div className={s.formGrid}>
        <Select
          placeholder={t('stock.choose')}
          label={t('stock.columns.warehouse')}
          items={(reference.data?.warehouses ?? []).filter((w) => w.isActive).map((w) => ({ id: String(w.id), label: w.name }))}
          selectedKey={warehouseId}
          onSelectionChange={(key) => setWarehouseId(key === null ? null : String(key))}
        />
        <Select
          placeholder={t('stock.count.wholeWarehouse')}
          label={t('stock.count.group')}
          items={[{ id: '', label: t('stock.count.wholeWarehouse') }, ...groups]}
          selectedKey={groupId ?? ''}
          onSelectionChange={(key) => setGroupId(key ? String(key) : null)}
        />
      </div>
      <div className={s.formActions}>
        <Button
          isDisabled={!warehouseId}
          isPending={start.isPending}
          onPress={() =>
            start.mutate({ warehouseId: Number(warehouseId), materialGroupId: groupId ? Number(groupId) : null }, { onSuccess: (session) => void navigate(countPath(session.id)) })
          }
        >
          {t('stock.count.start')}
        </Button>
      </div>
    </section>
  );
}

/** The count sessions (`rows`, newest first): number (its page's link), warehouse, scope, status, who started it and when, scans and lines; "No counts yet." when the answer is empty. */
export function CountsTable({ rows }: { rows: CountListRow[] | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={p.card}>
      <div className={st.tableWrap}>
        <table className={st.table} aria-label={t('stock.count.listTitle')}>
          <thead>
            <tr>
              <th className={st.th}>{t('stock.count.number')}</th>
              <th className={st.th}>{t('stock.columns.warehouse')}</th>
              <th className={st.th}>{t('stock.count.group')}</th>
              <th className={st.th}>{t('stock.count.statusLabel')}</th>
              <th className={st.th}>{t('stock.count.startedBy')}</th>
              <th className={`${st.th} ${st.numeric}`}>{t('stock.count.scans')}</th>
              <th className={`${st.th} ${st.numeric}`}>{t('stock.count.lineCount')}</th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => (
              <tr key={row.id}>
                <td className={st.td}>
                  <RouterLink to={countPath(row.id)}>{t('stock.count.name', { id: row.id })}</RouterLink>
                </td>
                <td className={st.td}>{row.warehouseName}</td>
                <td className={st.td}>{row.materialGroupName ?? t('stock.count.wholeWarehouse')}</td>
                <td className={st.td}>
                  <CountStatusBadge status={row.status} />
                </td>
                <td className={st.td}>
                  {row.createdBy?.name ?? '—'} · {formatDateTime(row.createdAt, i18n.language, numericDateTime)}
                </td>
                <td className={`${st.td} ${st.numeric}`}>{row.scanCount}</td>
                <td className={`${st.td} ${st.numeric}`}>{row.lineCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows && rows.length === 0 ? <p className={p.muted}>{t('stock.count.none')}</p> : null}
    </section>
  );
}
