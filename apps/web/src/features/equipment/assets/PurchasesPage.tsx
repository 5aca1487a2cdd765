import { useTranslation } from 'react-i18next';
import { usePurchaseQueue, useReorderList } from '@servicedesk/api/equipment/assets';
import { QueryTable } from '../../shared/QueryTable';
import { PurchaseRequestsSection } from './PurchaseRequestsSection';
import { useReceivePurchaseDialog } from './ReceivePurchaseDialog';
import { purchaseQueueColumns, reorderColumns } from './purchase-columns';
import { useLiveRecords } from '../../../realtime/live-records';
import * as p from '../../shared/page.css';

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
  const receive = useReceivePurchaseDialog();
  useLiveRecords();

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('assets.purchases.title')}</h1>
        <p className={p.lead}>{t('assets.purchases.description')}</p>
      </div>
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('assets.purchases.queueTitle')}</h2>
        <QueryTable
          query={queue}
          empty={t('assets.purchases.empty')}
          label={t('assets.purchases.queueTitle')}
          columns={purchaseQueueColumns(t, lang, receive.open)}
          rowKey={(item) => item.lineId}
          rowTestId="purchase-row"
        />
      </section>
      {queue.data ? <PurchaseRequestsSection queue={queue.data} /> : null}
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('assets.reorder.title')}</h2>
        <p className={p.muted}>{t('assets.reorder.description')}</p>
        <QueryTable
          query={reorder}
          empty={t('assets.reorder.empty')}
          label={t('assets.reorder.title')}
          columns={reorderColumns(t, lang)}
          rowKey={(m) => m.materialId}
        />
      </section>
      {receive.dialog}
    </div>
  );
}
