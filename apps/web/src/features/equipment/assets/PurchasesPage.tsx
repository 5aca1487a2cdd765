import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PurchaseQueueItem } from '@servicedesk/contracts';
import {
  useReceivePurchase,
  usePurchaseQueue,
  useReorderList,
} from '@servicedesk/api/equipment/assets';
import { useEquipmentReference } from '@servicedesk/api/equipment/get-equipment-request';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { searchMaterials } from '@servicedesk/api/equipment/search-materials';
import { useApiClient } from '@servicedesk/api/provider';
import { formatDateTime, formatMoney, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
import * as table from '@servicedesk/ui/SimpleTable';
import { QueryStates } from '../../shared/QueryStates';
import { PurchaseRequestsSection } from './PurchaseRequestsSection';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { LazySelect as Select, LazySelectSearch as SelectSearch } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { useRefusalText } from '../../shared/record/refusal';
import { useLiveRecords } from '../../../realtime/live-records';
import { storage } from '../../../session/storage';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

/**
 * /home/inventory/purchases (issue #40 "Purchase follow-up"): the purchase queue — request lines
 * marked for purchase, oldest first, each with its request and requester — where "Received" posts
 * the stock receipt linked to the line (warehouse, serials of the new units, a catalogue material
 * for a free-text line; the requester is told it is ready; the line is then issued on the
 * request's page); the purchase requests to vendors that group those lines (PurchaseRequestsSection);
 * and the reorder list of materials below their minimum with a suggested
 * quantity. For `inventory.purchases` (the warehouse keeper, a purchasing user type).
 */
export function PurchasesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queue = usePurchaseQueue();
  const reorder = useReorderList();
  const reference = useEquipmentReference();
  const receive = useReceivePurchase();
  const explain = useRefusalText();
  const client = useApiClient();
  const [line, setLine] = useState<PurchaseQueueItem | null>(null);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [serials, setSerials] = useState('');
  const [material, setMaterial] = useState<SearchResult | null>(null);
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [invoiceRef, setInvoiceRef] = useState('');
  const vendors = useModalElements('vendor');
  useLiveRecords();
  const warehouses = reference.data?.warehouses ?? [];
  const me = storage.getUser()?.id ?? null;
  const warehouse =
    warehouseId ?? (warehouses.find((w) => w.keeperId === me) ?? warehouses[0])?.id ?? null;
  const findMaterials = useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
      })),
    [client],
  );
  const open = (item: PurchaseQueueItem) => {
    setLine(item);
    setSerials('');
    setMaterial(null);
  };
  const submit = async () => {
    if (!line || warehouse === null || vendorId === null) return;
    try {
      await receive.mutateAsync({
        lineId: line.lineId,
        input: {
          warehouseId: warehouse,
          vendorId,
          vendorInvoiceRef: invoiceRef.trim() || null,
          serials: serials.split(/[\s,;]+/).filter(Boolean),
          ...(line.material === null && material ? { materialId: Number(material.id) } : {}),
        },
      });
      toast.show({
        title: t('assets.purchases.received', { number: line.requestNumber, n: line.position }),
        variant: 'success',
      });
      setLine(null);
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
    }
  };

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('assets.purchases.title')}</h1>
        <p className={p.lead}>{t('assets.purchases.description')}</p>
      </div>
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('assets.purchases.queueTitle')}</h2>
        <QueryStates query={queue} empty={t('assets.purchases.empty')}>
          {(rows) => (
            <div className={table.tableWrap}>
              <table className={table.table} aria-label={t('assets.purchases.queueTitle')}>
                <thead>
                  <tr>
                    <th className={table.th}>{t('assets.columns.request')}</th>
                    <th className={table.th}>{t('assets.columns.requester')}</th>
                    <th className={table.th}>{t('assets.columns.item')}</th>
                    <th className={table.th}>{t('assets.columns.quantity')}</th>
                    <th className={table.th}>{t('assets.columns.price')}</th>
                    <th className={table.th}>{t('assets.columns.markedAt')}</th>
                    <th className={table.th}>{t('assets.columns.state')}</th>
                    <th className={table.th}>{t('assets.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((item) => (
                    <tr key={item.lineId} data-testid="purchase-row">
                      <td className={table.td}>
                        <Link to={`/home/inventory/requests/${item.requestId}`}>
                          {item.requestNumber}
                        </Link>{' '}
                        · {item.position}
                      </td>
                      <td className={table.td}>{item.requester.name}</td>
                      <td className={table.td}>
                        {item.description}
                        {item.material ? (
                          <span className={s.muted}> ({item.material.code})</span>
                        ) : null}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        {formatNumber(item.quantity, lang)} {item.unit}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        {formatMoney(item.unitPrice, lang, 'AZN')}
                      </td>
                      <td className={table.td}>
                        {item.markedAt ? formatDateTime(item.markedAt, lang, numericDateTime) : '—'}
                      </td>
                      <td className={table.td}>
                        {t(`equipment.lineState.${item.state}`)}
                        {item.receiptOperation ? ` · ${item.receiptOperation.number}` : ''}
                      </td>
                      <td className={table.td}>
                        {item.state === 'awaitingPurchase' ? (
                          <Button
                            size="sm"
                            onPress={() => open(item)}
                            aria-label={t('assets.purchases.receiveLine', {
                              number: item.requestNumber,
                              n: item.position,
                            })}
                          >
                            {t('assets.purchases.receive')}
                          </Button>
                        ) : (
                          <Link to={`/home/inventory/requests/${item.requestId}`}>
                            {t('assets.purchases.toIssue')}
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </section>
      {queue.data ? <PurchaseRequestsSection queue={queue.data} /> : null}
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('assets.reorder.title')}</h2>
        <p className={p.muted}>{t('assets.reorder.description')}</p>
        <QueryStates query={reorder} empty={t('assets.reorder.empty')}>
          {(rows) => (
            <div className={table.tableWrap}>
              <table className={table.table} aria-label={t('assets.reorder.title')}>
                <thead>
                  <tr>
                    <th className={table.th}>{t('assets.columns.material')}</th>
                    <th className={table.th}>{t('assets.reorder.stock')}</th>
                    <th className={table.th}>{t('assets.reorder.minimum')}</th>
                    <th className={table.th}>{t('assets.reorder.onOrder')}</th>
                    <th className={table.th}>{t('assets.reorder.suggested')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((m) => (
                    <tr key={m.materialId}>
                      <td className={table.td}>
                        <Link to={`/home/inventory/materials/${m.materialId}`}>{m.code}</Link> ·{' '}
                        {m.name}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        {formatNumber(m.stock, lang)}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        {formatNumber(m.minLevel, lang)}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        {formatNumber(m.onOrder, lang)}
                      </td>
                      <td className={`${table.td} ${table.numeric}`}>
                        <strong>{formatNumber(m.suggested, lang)}</strong> {m.unitCode}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </section>
      <Dialog
        title={t('assets.purchases.receiveTitle', {
          number: line?.requestNumber ?? '',
          n: line?.position ?? '',
        })}
        isOpen={line !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setLine(null))}
        closeLabel={t('close')}
        footer={
          <Button
            isPending={receive.isPending}
            isDisabled={
              warehouse === null ||
              vendorId === null ||
              (line?.material === null && material === null)
            }
            onPress={() => void submit()}
          >
            {t('assets.purchases.receive')}
          </Button>
        }
      >
        <div className={s.commentForm}>
          <Select
            label={t('assets.purchases.warehouse')}
            items={warehouses.map((w) => ({ id: String(w.id), label: w.name }))}
            selectedKey={warehouse === null ? null : String(warehouse)}
            onSelectionChange={(key) => setWarehouseId(key === null ? null : Number(key))}
          />
          <Select
            label={t('assets.purchases.vendor')}
            items={(vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.name }))}
            selectedKey={vendorId === null ? null : String(vendorId)}
            onSelectionChange={(key) => setVendorId(key === null ? null : Number(key))}
            isRequired
          />
          <TextField
            label={t('assets.purchases.vendorInvoiceRef')}
            value={invoiceRef}
            onChange={setInvoiceRef}
          />
          {line?.material === null ? (
            <SelectSearch
              label={t('assets.purchases.material')}
              search={findMaterials}
              value={material}
              onChange={setMaterial}
              loadingLabel={t('loading')}
              emptyLabel={t('equipment.form.noMaterials')}
              openLabel={t('equipment.form.openMaterials')}
              minLength={0}
            />
          ) : null}
          <TextField
            label={t('assets.purchases.serials')}
            description={t('assets.purchases.serialsHint')}
            value={serials}
            onChange={setSerials}
          />
        </div>
      </Dialog>
    </div>
  );
}
