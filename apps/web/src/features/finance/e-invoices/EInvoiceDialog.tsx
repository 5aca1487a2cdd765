import { useTranslation } from 'react-i18next';
import { useEInvoice } from '@servicedesk/api/finance/e-invoices';
import { Dialog } from '@servicedesk/ui/Dialog';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { usePagePermissions } from '../../access/use-page-permissions';
import { money } from '../shared/finance-display';
import { CreateFromEInvoice } from './CreateFromEInvoice';
import { MatchBadge } from './MatchBadge';

/** One imported e-invoice in a dialog: its match, date and total, its lines (the XML's), and — with `finance.vendorInvoices.create` — a vendor invoice made from it. */
export function EInvoiceDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { can } = usePagePermissions('finance.eInvoices');
  const lang = i18n.language;
  const query = useEInvoice(id);
  const e = query.data;
  return (
    <Dialog isOpen onOpenChange={(open) => (open ? undefined : onClose())} title={e ? `${e.number} · ${e.sellerName}` : t('loading')} closeLabel={t('finance.eInvoices.close')}>
      {e ? (
        <div>
          <p>
            <MatchBadge status={e.matchStatus} /> {e.issueDate} · {money(e.grossTotal, lang, e.currency)}
          </p>
          {can('finance.vendorInvoices.create') ? <CreateFromEInvoice eInvoice={e} /> : null}
          <h3>{t('finance.eInvoices.lines')}</h3>
          <div className={tableWrap}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={th}>{t('finance.form.line.description')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.quantity')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.unitPrice')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.net')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.vat')}</th>
                </tr>
              </thead>
              <tbody>
                {e.lines.map((l, i) => (
                  <tr key={i}>
                    <td className={td}>{l.name}</td>
                    <td className={`${td} ${numeric}`}>{`${l.quantity} ${l.unit}`.trim()}</td>
                    <td className={`${td} ${numeric}`}>{money(l.unitPrice, lang, e.currency)}</td>
                    <td className={`${td} ${numeric}`}>{money(l.net, lang, e.currency)}</td>
                    <td className={`${td} ${numeric}`}>{money(l.vat, lang, e.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </Dialog>
  );
}
