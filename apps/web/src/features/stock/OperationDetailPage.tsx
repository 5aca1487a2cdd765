import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { STOCK_REASON_MIN } from '@servicedesk/contracts';
import { useStockOperation } from '@servicedesk/api/stock/stock-queries';
import { useDownloadHandover, useReverseStockOperation } from '@servicedesk/api/stock/stock-mutations';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import * as st from '@servicedesk/ui/SimpleTable';
import { usePagePermissions } from '../access/use-page-permissions';
import { numericDateTime } from '../shared/format';
import { saveBlob } from '../shared/files/use-file-download';
import { formatAmount, formatQuantity, operationKindFamily, operationKindKey, stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

/**
 * /home/inventory/warehouses/operations/{id}: a posted operation (never edited) with its lines
 * and costs, and the units that moved with each line (number and serial, issue #40); "Reverse" (with a reason) posts its reversal, with `inventory.warehouses.operation`.
 * An issue offers its hand-over certificate (PDF: units, both sides, the recipient's receipt confirmations, signature lines).
 */
export function OperationDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const op = useStockOperation(id);
  const reverse = useReverseStockOperation();
  const handover = useDownloadHandover();
  const { can } = usePagePermissions('inventory.warehouses');
  const [reverseOpen, setReverseOpen] = useState(false);
  if (op.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (op.isError) return <p role="alert">{t('error.generic')}</p>;
  const o = op.data;
  const fields: [string, React.ReactNode][] = [
    [t('stock.columns.kind'), <StatusBadge key="k" status={o.kind} family={operationKindFamily[o.kind]}>{t(operationKindKey(o.kind))}</StatusBadge>],
    [t('stock.columns.date'), formatDateTime(o.operationDate, lang, numericDateTime)],
    [t('stock.columns.warehouse'), o.warehouseName],
    ...(o.toWarehouseName ? ([[t('stock.columns.toWarehouse'), o.toWarehouseName]] as [string, string][]) : []),
    ...(o.vendorName ? ([[t('stock.columns.vendor'), `${o.vendorName}${o.vendorInvoiceRef ? ` · ${o.vendorInvoiceRef}` : ''}`]] as [string, string][]) : []),
    ...(o.recipient ? ([[t('stock.columns.recipient'), o.recipient.name]] as [string, string][]) : []),
    ...(o.reason ? ([[t('stock.columns.reason'), o.reason]] as [string, string][]) : []),
    ...(o.source ? ([[t('stock.columns.source'), o.source]] as [string, string][]) : []),
    [t('stock.columns.postedBy'), `${o.postedBy?.name ?? '—'} · ${formatDateTime(o.postedAt, lang, numericDateTime)}`],
    [t('stock.columns.amount'), formatAmount(o.totalAmount, lang)],
  ];
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.operations.detailTitle', { number: o.number })}</h1>
          {o.reversesId ? (
            <p className={p.lead}>
              {t('stock.operations.reverses')} <RouterLink to={`/home/inventory/warehouses/operations/${o.reversesId}`}>{o.reversesNumber}</RouterLink>
            </p>
          ) : null}
          {o.reversedById ? (
            <p className={p.lead}>
              {t('stock.operations.reversedBy')} <RouterLink to={`/home/inventory/warehouses/operations/${o.reversedById}`}>{o.reversedByNumber}</RouterLink>
            </p>
          ) : null}
        </div>
        <div className={s.formActions}>
          {o.kind === 'issue' ? (
            <Button variant="secondary" isPending={handover.isPending} onPress={() => handover.mutate(o.id, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })}>
              {t('stock.handover.link')}
            </Button>
          ) : null}
          {can('inventory.warehouses.operation') && o.kind !== 'reversal' && !o.reversedById ? (
            <Button variant="secondary" onPress={() => setReverseOpen(true)}>
              {t('stock.operations.reverse')}
            </Button>
          ) : null}
        </div>
      </div>
      {reverse.isError ? <p className={f.error} role="alert">{stockErrorText(t, reverse.error, lang)}</p> : null}
      {handover.isError ? <p className={f.error} role="alert">{stockErrorText(t, handover.error, lang)}</p> : null}
      <section className={p.card}>
        <dl className={s.formGrid}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt className={p.statLabel}>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('stock.operations.lines')}</h2>
        <div className={st.tableWrap}>
          <table className={st.table}>
            <thead>
              <tr>
                <th className={st.th}>{t('stock.columns.code')}</th>
                <th className={st.th}>{t('stock.columns.material')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.quantity')}</th>
                <th className={st.th}>{t('stock.units.moved')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.operations.unitCost')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((line) => (
                <tr key={line.id}>
                  <td className={st.td}>{line.materialCode}</td>
                  <td className={st.td}>
                    <RouterLink to={`/home/inventory/materials/${line.materialId}`}>{line.materialName}</RouterLink>
                  </td>
                  <td className={`${st.td} ${st.numeric}`}>
                    {formatQuantity(line.quantity, lang)} {line.unitCode}
                  </td>
                  <td className={st.td} data-testid="operation-units">
                    {line.units.map((u, i) => (
                      <span key={u.id}>
                        {i > 0 ? ', ' : null}
                        <RouterLink to={`/home/inventory/inventories/${u.id}`}>{u.inventoryNumber}</RouterLink>
                        {u.serial ? ` (${u.serial})` : null}
                      </span>
                    ))}
                  </td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(line.unitCost, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(line.amount, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Prompt
        title={t('stock.operations.reverse')}
        isOpen={reverseOpen}
        onOpenChange={setReverseOpen}
        label={t('stock.columns.reason')}
        minLength={STOCK_REASON_MIN}
        minLengthMessage={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })}
        submitLabel={t('stock.operations.reverse')}
        cancelLabel={t('cancel')}
        onSubmit={async (reason) => {
          const reversal = await reverse.mutateAsync({ id: o.id, reason });
          void navigate(`/home/inventory/warehouses/operations/${reversal.id}`);
        }}
      />
    </div>
  );
}
