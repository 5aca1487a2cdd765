import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VendorInvoiceAction, VendorInvoiceDetail, VendorInvoiceStatus } from '@servicedesk/contracts';
import { useAddVendorInvoiceComment } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { TextArea } from '@servicedesk/ui/TextArea';
import { money } from '../shared/finance-display';
import { dialogOf, type InvoiceActions } from './use-invoice-actions';
import * as p from '../../shared/page.css';
import * as s from '../shared/finance.css';

/*
 * The parts of the vendor invoice page (issue #16) besides the record kit's: lines and totals,
 * the allowed actions, the comment form and the matched e-invoices.
 */

/** The invoice's lines (position, description, quantity and unit, unit price, VAT rate, gross, received) and its net / VAT / gross totals. */
export function InvoiceLinesSection({ detail }: { detail: VendorInvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const inv = detail.invoice;
  const cur = inv.currency;
  return (
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
  );
}

/** An action's button text: approving at the warehouse check confirms the delivery. */
function buttonLabel(action: VendorInvoiceAction, status: VendorInvoiceStatus): string {
  if (action === 'approve' && status === 'WAREHOUSE_CHECK') return 'finance.actions.confirmDelivery';
  return `finance.actions.${action}`;
}

/**
 * The actions the server allows the caller on the invoice now (`allowedActions`), in its order
 * — destructive ones as danger buttons, returns as secondary — and Edit while it may be sent
 * (a draft or returned). Nothing when there is none.
 */
export function InvoiceActionsSection({ detail, actions }: { detail: VendorInvoiceDetail; actions: InvoiceActions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buttons = detail.allowedActions;
  const canEdit = buttons.includes('submit');
  if (buttons.length === 0 && !canEdit) return null;
  return (
    <RecordSection title={t('finance.detail.actions')}>
      <div className={s.actions} role="group" aria-label={t('finance.detail.actions')}>
        {canEdit ? (
          <Button variant="secondary" onPress={() => void navigate(`/home/finance/vendor-invoices/${detail.invoice.id}/edit`)}>
            {t('finance.actions.edit')}
          </Button>
        ) : null}
        {buttons.map((which) => (
          <Button
            key={which}
            variant={which === 'reject' || which === 'delete' || which === 'cancel' ? 'danger' : which === 'return' || which === 'poolReturn' ? 'secondary' : 'primary'}
            isPending={actions.running === which && !dialogOf[which]}
            isDisabled={actions.running !== null}
            onPress={() => actions.press(which)}
          >
            {t(buttonLabel(which, detail.invoice.status))}
          </Button>
        ))}
      </div>
    </RecordSection>
  );
}

/** A comment on the invoice (no mentions); an empty one is not sent; a refusal goes to `onError`. */
export function InvoiceCommentForm({ id, onError }: { id: number; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const comment = useAddVendorInvoiceComment(id);
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        comment.mutate({ text: text.trim(), mentionedUserIds: [] }, { onSuccess: () => setText(''), onError });
      }}
    >
      <TextArea label={t('finance.detail.addComment')} value={text} onChange={setText} />
      <Button type="submit" size="sm" isPending={comment.isPending}>
        {t('finance.detail.send')}
      </Button>
    </form>
  );
}

/** The e-invoices matched to the invoice: number, gross total, match status. */
export function MatchedEInvoices({ detail }: { detail: VendorInvoiceDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <RecordSection title={t('finance.detail.eInvoices')}>
      {detail.eInvoices.length === 0 ? (
        <p className={p.muted}>{t('finance.detail.noEInvoice')}</p>
      ) : (
        <ul>
          {detail.eInvoices.map((e) => (
            <li key={e.id}>
              {e.number} · {money(e.grossTotal, i18n.language, detail.invoice.currency)} · {t(`finance.matchStatuses.${e.matchStatus}`)}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
