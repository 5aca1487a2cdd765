import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PurchaseQueueItem, PurchaseRequest } from '@servicedesk/contracts';
import { usePurchaseRequestActions, usePurchaseRequests } from '@servicedesk/api/equipment/assets';
import { getVendorInvoicesGrid } from '@servicedesk/api/finance/vendor-invoices';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { useApiClient } from '@servicedesk/api/provider';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { QueryTable, type QueryColumn } from '../../shared/QueryTable';
import { LazySelect as Select } from '../../shared/lazy-fields';
import { numericDateTime } from '../../shared/format';
import { useRefusalText } from '../../shared/record/refusal';
import * as p from '../../shared/page.css';
import * as l from '../../shared/list-page.css';

/** The vendor invoices of `vendorId` the caller sees (finance grid), to link one; none without finance's menu. */
function useVendorInvoicesOf(vendorId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['finance', 'vendorInvoicesOfVendor', vendorId],
    enabled: vendorId !== null,
    retry: false,
    queryFn: ({ signal }) => getVendorInvoicesGrid(client, { vendorId: vendorId!, take: 50, skip: 0 }, signal).then((r) => r.rows.map((i) => ({ id: String(i.id), label: i.number }))),
  });
}

/** The vendor invoice of one purchase request: chosen among its vendor's invoices (or none). */
function InvoiceLink({ request }: { request: PurchaseRequest }) {
  const { t } = useTranslation();
  const invoices = useVendorInvoicesOf(request.vendor.id);
  const { link } = usePurchaseRequestActions();
  const explain = useRefusalText();
  const items = [{ id: 'none', label: t('assets.purchaseRequests.noInvoice') }, ...(invoices.data ?? [])];
  if (request.vendorInvoice && !items.some((i) => i.id === String(request.vendorInvoice!.id))) items.push({ id: String(request.vendorInvoice.id), label: request.vendorInvoice.number });
  return (
    <Select
      label={t('assets.purchaseRequests.invoiceOf', { number: request.number })}
      items={items}
      selectedKey={request.vendorInvoice ? String(request.vendorInvoice.id) : 'none'}
      isDisabled={link.isPending}
      onSelectionChange={(key) =>
        link.mutate(
          { id: request.id, vendorInvoiceId: key === null || key === 'none' ? null : Number(key) },
          { onError: (error) => toast.show({ title: explain(error), variant: 'error' }) },
        )
      }
    />
  );
}

/**
 * The purchase queue's "Purchase requests to vendors" section (issue #40): lines awaiting their
 * purchase, in no request yet, are ticked and grouped into a request to a vendor (optionally
 * linked to that vendor's invoice in finance); the requests are listed with their number, vendor,
 * lines, status (ordered until every line's receipt arrived, then received) and invoice, which
 * may be linked later; a request nothing of which arrived may be removed (its lines go back).
 * A line is still received on its own row of the queue above (the receipt linked to the line).
 */
export function PurchaseRequestsSection({ queue }: { queue: PurchaseQueueItem[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const requests = usePurchaseRequests();
  const { create, remove } = usePurchaseRequestActions();
  const vendors = useModalElements('vendor');
  const explain = useRefusalText();
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [invoiceId, setInvoiceId] = useState<string>('none');
  const [comment, setComment] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const invoices = useVendorInvoicesOf(vendorId);
  const open = queue.filter((i) => i.state === 'awaitingPurchase' && i.purchaseRequest === null);
  const chosen = open.filter((i) => picked.has(i.lineId)).map((i) => i.lineId);
  const toggle = (lineId: number) =>
    setPicked((now) => {
      const next = new Set(now);
      if (next.has(lineId)) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  const columns: QueryColumn<PurchaseRequest>[] = [
    {
      header: t('assets.purchaseRequests.number'),
      cell: (r) => (
        <>
          {r.number}
          <div className={p.muted}>
            {r.createdBy?.name ?? '—'} · {formatDateTime(r.createdAt, lang, numericDateTime)}
          </div>
          {r.comment ? <div className={p.muted}>{r.comment}</div> : null}
        </>
      ),
    },
    { header: t('assets.purchases.vendor'), cell: (r) => r.vendor.name },
    {
      header: t('assets.purchaseRequests.lines'),
      cell: (r) => (
        <ul style={{ margin: 0, paddingInlineStart: '1rem' }}>
          {r.lines.map((line) => (
            <li key={line.lineId}>
              {line.requestNumber} · {line.position} — {line.description} · {t(`equipment.lineState.${line.state}`)}
              {line.receiptOperation ? ` (${line.receiptOperation.number})` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: t('assets.columns.state'),
      cell: (r) => (
        <>
          <StatusBadge status={r.status} family={r.status === 'received' ? 'success' : 'warning'}>
            {t(`assets.purchaseRequests.status.${r.status}`)}
          </StatusBadge>
          {r.receivedAt ? <div className={p.muted}>{formatDateTime(r.receivedAt, lang, numericDateTime)}</div> : null}
        </>
      ),
    },
    { header: t('assets.purchaseRequests.invoice'), cell: (r) => <InvoiceLink request={r} /> },
    {
      header: t('assets.columns.actions'),
      cell: (r) =>
        r.status === 'ordered' && r.lines.every((line) => line.state === 'awaitingPurchase') ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('assets.purchaseRequests.removeOne', { number: r.number })}
            isPending={remove.isPending && remove.variables === r.id}
            onPress={() => remove.mutate(r.id, { onError: (error) => toast.show({ title: explain(error), variant: 'error' }) })}
          >
            {t('assets.purchaseRequests.remove')}
          </Button>
        ) : null,
    },
  ];

  const submit = () => {
    if (vendorId === null || chosen.length === 0) return;
    create.mutate(
      { vendorId, lineIds: chosen, vendorInvoiceId: invoiceId === 'none' ? null : Number(invoiceId), comment: comment.trim() || null },
      {
        onSuccess: (made) => {
          toast.show({ title: t('assets.purchaseRequests.created', { number: made.number, count: made.lines.length, n: made.lines.length }), variant: 'success' });
          setPicked(new Set());
          setComment('');
          setInvoiceId('none');
        },
        onError: (error) => toast.show({ title: explain(error), variant: 'error' }),
      },
    );
  };

  return (
    <section className={p.card} aria-labelledby="purchase-requests">
      <h2 id="purchase-requests" className={p.cardTitle}>
        {t('assets.purchaseRequests.title')}
      </h2>
      <p className={p.muted}>{t('assets.purchaseRequests.description')}</p>
      <form
        className={l.fieldset}
        aria-label={t('assets.purchaseRequests.new')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {open.length === 0 ? (
          <p className={p.muted}>{t('assets.purchaseRequests.nothingToGroup')}</p>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('assets.purchaseRequests.linesToGroup')}>
            {open.map((item) => (
              <li key={item.lineId}>
                <label className={l.check}>
                  <input type="checkbox" className={l.checkbox} checked={picked.has(item.lineId)} onChange={() => toggle(item.lineId)} />
                  <span>
                    {item.requestNumber} · {item.position} — {item.description} ({item.quantity} {item.unit})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className={l.formGrid}>
          <Select
            label={t('assets.purchases.vendor')}
            placeholder={t('assets.purchaseRequests.chooseVendor')}
            items={(vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.name }))}
            selectedKey={vendorId === null ? null : String(vendorId)}
            onSelectionChange={(key) => {
              setVendorId(key === null ? null : Number(key));
              setInvoiceId('none');
            }}
          />
          <Select
            label={t('assets.purchaseRequests.invoice')}
            items={[{ id: 'none', label: t('assets.purchaseRequests.noInvoice') }, ...(invoices.data ?? [])]}
            selectedKey={invoiceId}
            isDisabled={vendorId === null}
            onSelectionChange={(key) => setInvoiceId(key === null ? 'none' : String(key))}
          />
          <TextField label={t('assets.purchaseRequests.comment')} value={comment} onChange={setComment} />
        </div>
        <div className={l.formActions}>
          <Button type="submit" isPending={create.isPending} isDisabled={vendorId === null || chosen.length === 0}>
            {t('assets.purchaseRequests.create', { count: chosen.length, n: chosen.length })}
          </Button>
        </div>
      </form>
      <QueryTable
        query={requests}
        empty={t('assets.purchaseRequests.empty')}
        label={t('assets.purchaseRequests.title')}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="purchase-request-row"
      />
    </section>
  );
}
