import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RecordHistoryEntry, VendorInvoiceStatus } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useDownloadCoverList, useVendorInvoice } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { RecordStatus } from '../../shared/record/RecordStatus';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { lazyDialog, usePreload } from '../../shared/lazy-fields';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { saveBlob } from '../../shared/files/use-file-download';
import { useLiveRecords } from '../../../realtime/live-records';
import { statusFamilies, VENDOR_INVOICE_KIND } from '../shared/finance-display';
import { RecordViewers } from '../../shared/record/RecordViewers';
import { InvoiceActionsSection, InvoiceCommentForm, InvoiceLinesSection, MatchedEInvoices } from './InvoiceSections';
import { useInvoiceActions } from './use-invoice-actions';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';

/** The action dialogs (prompts, the receipt and posting forms), loaded on the first one opened. */
const InvoiceDialogs = lazyDialog(
  () => import('./InvoiceDialogs').then((m) => m.InvoiceDialogs),
  (props) => props.dialog !== null,
);

/** A status as the record kit's coloured badge. */
const invoiceStatus = (value: string) => <RecordStatus status={value as VendorInvoiceStatus} families={statusFamilies} labels="finance.statuses" />;

/** A history row's words: the action, its step, its details. */
function historyNote(e: RecordHistoryEntry, t: (key: string, values?: Record<string, unknown>) => string): string[] {
  const notes: string[] = [];
  const position = e.details?.position;
  if (typeof position === 'number') notes.push(t('finance.history.step', { position }));
  if (e.action === 'paid' && typeof e.details?.paymentReference === 'string') notes.push(`${String(e.details.paidDate ?? '')} · ${e.details.paymentReference}`);
  return notes;
}

/** The invoice's history words; a step names its position, a payment its date and reference. */
const TIMELINE: RecordTimelineOptions<RecordHistoryEntry> = { actions: 'finance.history', notes: (e, t) => historyNote(e, t as never) };

/**
 * /home/finance/vendor-invoices/:id (issue #16): the invoice (vendor, number, date, order,
 * transport numbers, payment), its lines with the received quantities, totals, the actions the
 * server allows the user now (send for approval, confirm delivery with the received quantities,
 * approve, reject / return with a comment, take / post with the payment / return from the pool,
 * cancel, delete a draft, edit while a draft or returned), the cover list PDF, the approval chain,
 * the matched e-invoices, the history with comments, and the attachments. Live over the hub.
 */
export function VendorInvoiceDetailPage() {
  const { t } = useTranslation();
  usePreload(LazyApprovalChain);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useVendorInvoice(valid ? id : 0);
  const cover = useDownloadCoverList({ onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
  useLiveRecords();
  const detail = query.data;
  const actions = useInvoiceActions(id, detail);
  const refused = actions.refused;

  const timeline = useRecordTimeline(detail, TIMELINE);

  const back = (
    <RouterLink className={f.link} to="/home/finance/vendor-invoices">
      {t('finance.detail.back')}
    </RouterLink>
  );

  if (!valid || (query.isError && (isApiRequestError(query.error, 404) || isApiRequestError(query.error, 403)))) {
    return (
      <div className={p.page}>
        <p role="alert">{t('finance.detail.loadFailed')}</p>
        <p>{back}</p>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className={p.page}>
        <p>{back}</p>
        {query.isError ? <p role="alert">{t('finance.detail.loadFailed')}</p> : <p className={p.muted} role="status">{t('loading')}</p>}
      </div>
    );
  }

  const inv = detail.invoice;
  const cur = inv.currency;
  const none = <span className={p.muted}>{t('finance.detail.none')}</span>;
  const field = (label: string, value: ReactNode): RecordField => ({ label, value });
  const fields: RecordField[] = [
    field(t('finance.columns.vendor'), `${inv.vendor.name}${inv.vendor.tin ? ` · ${inv.vendor.tin}` : ''}`),
    field(t('finance.columns.invoiceDate'), inv.invoiceDate),
    field(t('finance.columns.currency'), cur),
    field(t('finance.detail.order'), inv.orderCode ?? (inv.orderId ? `#${inv.orderId}` : none)),
    field(t('finance.columns.transportNumbers'), inv.transportNumbers.length ? inv.transportNumbers.join(', ') : none),
    field(t('finance.columns.author'), inv.author.name),
    field(t('finance.columns.takenBy'), inv.takenBy?.name ?? none),
    field(t('finance.detail.payment'), inv.paidDate ? t('finance.detail.paymentRef', { date: inv.paidDate, ref: inv.paymentReference ?? '' }) : none),
  ];

  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        viewers={<RecordViewers kind="vendorInvoice" id={inv.id} />}
        number={inv.number}
        title={inv.vendor.name}
        status={
          <div data-testid="invoice-status">
            {invoiceStatus(inv.status)}
          </div>
        }
        actions={
          <Button variant="secondary" isPending={cover.isPending} onPress={() => cover.mutate(id, { onError: refused })}>
            {t('finance.actions.coverList')}
          </Button>
        }
        fieldsTitle={t('finance.detail.fields')}
        fields={fields}
        timelineTitle={t('finance.detail.history')}
        comments={<InvoiceCommentForm id={id} onError={refused} />}
        timeline={<RecordTimeline entries={timeline} label={t('finance.detail.history')} emptyText={t('finance.detail.none')} />}
        filesTitle={t('finance.detail.attachments')}
        files={<FileDownloadList files={detail.attachments} label={t('finance.detail.attachments')} emptyText={t('finance.detail.noAttachments')} />}
        aside={<MatchedEInvoices detail={detail} />}
      >
        <InvoiceLinesSection detail={detail} />
        <InvoiceActionsSection detail={detail} actions={actions} />
        {inv.status !== 'DRAFT' ? (
          <RecordSection title={t('finance.detail.chain')}>
            <LazyApprovalChain recordKind={VENDOR_INVOICE_KIND} recordId={inv.id} version={inv.updatedAt} />
          </RecordSection>
        ) : null}
      </RecordPage>
      <InvoiceDialogs dialog={actions.dialog} detail={detail} onClose={actions.closeDialog} onSubmit={actions.submitDialog} />
    </div>
  );
}
