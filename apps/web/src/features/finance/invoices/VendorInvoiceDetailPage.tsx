import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RecordHistoryEntry, VendorInvoiceAction, VendorInvoiceStatus } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import {
  useAddVendorInvoiceComment,
  useDeleteVendorInvoice,
  useDownloadCoverList,
  useVendorInvoice,
  useVendorInvoiceAction,
  type VendorInvoiceActionVariables,
} from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { RecordPage, RecordSection, type RecordField } from '@servicedesk/ui/RecordPage';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { TextArea } from '@servicedesk/ui/TextArea';
import { RecordStatus } from '../../shared/record/RecordStatus';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { lazyDialog, usePreload } from '../../shared/lazy-fields';
import { FileDownloadList } from '../../shared/files/FileDownloadList';
import { saveBlob } from '../../shared/files/use-file-download';
import { useLiveRecords } from '../../../realtime/live-records';
import { money, refusal, statusFamilies, VENDOR_INVOICE_KIND } from '../shared/finance-display';
import type { DialogResult, InvoiceDialog } from './InvoiceDialogs';
import { RecordViewers } from '../../shared/record/RecordViewers';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/finance.css';

/** The action dialogs (prompts, the receipt and posting forms), loaded on the first one opened. */
const InvoiceDialogs = lazyDialog(
  () => import('./InvoiceDialogs').then((m) => m.InvoiceDialogs),
  (props) => props.dialog !== null,
);

/** A status as the record kit's coloured badge. */
const invoiceStatus = (value: string) => <RecordStatus status={value as VendorInvoiceStatus} families={statusFamilies} labels="finance.statuses" />;

function buttonLabel(action: VendorInvoiceAction, status: VendorInvoiceStatus): string {
  if (action === 'approve' && status === 'WAREHOUSE_CHECK') return 'finance.actions.confirmDelivery';
  return `finance.actions.${action}`;
}

/** Which dialog an action opens (null: it runs at once). */
const dialogOf: Record<VendorInvoiceAction, InvoiceDialog> = {
  submit: null,
  approve: null,
  reject: 'reject',
  return: 'return',
  cancel: 'cancel',
  take: null,
  post: 'post',
  poolReturn: 'poolReturn',
  delete: 'delete',
};

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
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const lang = i18n.language;
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useVendorInvoice(valid ? id : 0);
  const action = useVendorInvoiceAction();
  const remove = useDeleteVendorInvoice();
  const cover = useDownloadCoverList({ onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
  const comment = useAddVendorInvoiceComment(id);
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const [running, setRunning] = useState<VendorInvoiceAction | null>(null);
  useLiveRecords();
  const detail = query.data;

  const refused = (error: unknown) => {
    const r = refusal(error);
    toast.show({ title: t(r.key, { ...r.values, defaultValue: t('finance.errors.generic', r.values) }), variant: 'error' });
  };

  const send = async (vars: VendorInvoiceActionVariables, which: VendorInvoiceAction) => {
    setRunning(which);
    try {
      await action.mutateAsync(vars);
      toast.show({ title: which === 'take' ? t('finance.pool.took') : t('finance.detail.done'), variant: 'success' });
    } catch (error) {
      refused(error);
      throw error;
    } finally {
      setRunning(null);
    }
  };

  const press = (which: VendorInvoiceAction) => {
    if (!detail) return;
    if (which === 'approve' && detail.invoice.status === 'WAREHOUSE_CHECK') return setDialog('receipt');
    const d = dialogOf[which];
    if (d) return setDialog(d);
    const vars: VendorInvoiceActionVariables = which === 'take' ? { id, kind: 'take' } : { id, kind: 'nextProcess', action: which as 'submit' | 'approve' };
    send(vars, which).catch(() => undefined);
  };

  const submitDialog = async (which: Exclude<InvoiceDialog, null>, r: DialogResult) => {
    if (which === 'delete') {
      try {
        await remove.mutateAsync(id);
        toast.show({ title: t('finance.detail.deleted'), variant: 'success' });
        void navigate('/home/finance/vendor-invoices');
      } catch (error) {
        refused(error);
        throw error;
      }
      return;
    }
    if (which === 'receipt') return send({ id, kind: 'nextProcess', action: 'approve', received: r.received }, 'approve');
    if (which === 'post') return send({ id, kind: 'post', paidDate: r.paidDate ?? '', paymentReference: r.paymentReference ?? '' }, 'post');
    if (which === 'poolReturn') return send({ id, kind: 'poolReturn', comment: r.comment ?? '' }, 'poolReturn');
    return send({ id, kind: 'nextProcess', action: which, ...(r.comment ? { comment: r.comment } : {}) }, which);
  };

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
  const buttons = detail.allowedActions;
  const canEdit = buttons.includes('submit');

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
        comments={
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim() === '') return;
              comment.mutate({ text: text.trim(), mentionedUserIds: [] }, { onSuccess: () => setText(''), onError: refused });
            }}
          >
            <TextArea label={t('finance.detail.addComment')} value={text} onChange={setText} />
            <Button type="submit" size="sm" isPending={comment.isPending}>
              {t('finance.detail.send')}
            </Button>
          </form>
        }
        timeline={<RecordTimeline entries={timeline} label={t('finance.detail.history')} emptyText={t('finance.detail.none')} />}
        filesTitle={t('finance.detail.attachments')}
        files={<FileDownloadList files={detail.attachments} label={t('finance.detail.attachments')} emptyText={t('finance.detail.noAttachments')} />}
        aside={
          <RecordSection title={t('finance.detail.eInvoices')}>
            {detail.eInvoices.length === 0 ? (
              <p className={p.muted}>{t('finance.detail.noEInvoice')}</p>
            ) : (
              <ul>
                {detail.eInvoices.map((e) => (
                  <li key={e.id}>
                    {e.number} · {money(e.grossTotal, lang, cur)} · {t(`finance.matchStatuses.${e.matchStatus}`)}
                  </li>
                ))}
              </ul>
            )}
          </RecordSection>
        }
      >
        <RecordSection title={t('finance.detail.lines')}>
          <div className={tableWrap}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={th}>#</th>
                  <th className={th}>{t('finance.form.line.description')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.quantity')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.unitPrice')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.vatRate')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.gross')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.detail.received')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.lines.map((l) => (
                  <tr key={l.id}>
                    <td className={td}>{l.position}</td>
                    <td className={td}>{l.description}</td>
                    <td className={`${td} ${numeric}`}>{`${l.quantity} ${l.unit}`.trim()}</td>
                    <td className={`${td} ${numeric}`}>{money(l.unitPrice, lang, cur)}</td>
                    <td className={`${td} ${numeric}`}>{l.vatRate}%</td>
                    <td className={`${td} ${numeric}`}>{money(l.gross, lang, cur)}</td>
                    <td className={`${td} ${numeric}`}>{l.receivedQuantity ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className={s.totals}>
            <dt>{t('finance.form.line.net')}</dt>
            <dd>{money(inv.netTotal, lang, cur)}</dd>
            <dt>{t('finance.form.line.vat')}</dt>
            <dd>{money(inv.vatTotal, lang, cur)}</dd>
            <dt className={s.strong}>{t('finance.form.line.gross')}</dt>
            <dd className={s.strong} data-testid="invoice-gross">
              {money(inv.grossTotal, lang, cur)}
            </dd>
          </dl>
        </RecordSection>
        {buttons.length > 0 || canEdit ? (
          <RecordSection title={t('finance.detail.actions')}>
            <div className={s.actions} role="group" aria-label={t('finance.detail.actions')}>
              {canEdit ? (
                <Button variant="secondary" onPress={() => void navigate(`/home/finance/vendor-invoices/${id}/edit`)}>
                  {t('finance.actions.edit')}
                </Button>
              ) : null}
              {buttons.map((which) => (
                <Button
                  key={which}
                  variant={which === 'reject' || which === 'delete' || which === 'cancel' ? 'danger' : which === 'return' || which === 'poolReturn' ? 'secondary' : 'primary'}
                  isPending={running === which && !dialogOf[which]}
                  isDisabled={running !== null}
                  onPress={() => press(which)}
                >
                  {t(buttonLabel(which, inv.status))}
                </Button>
              ))}
            </div>
          </RecordSection>
        ) : null}
        {inv.status !== 'DRAFT' ? (
          <RecordSection title={t('finance.detail.chain')}>
            <LazyApprovalChain recordKind={VENDOR_INVOICE_KIND} recordId={inv.id} version={inv.updatedAt} />
          </RecordSection>
        ) : null}
      </RecordPage>
      <InvoiceDialogs dialog={dialog} detail={detail} onClose={() => setDialog(null)} onSubmit={submitDialog} />
    </div>
  );
}
