import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EInvoiceImportResult } from '@servicedesk/contracts';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { money } from '../shared/finance-display';
import { MatchBadge } from './MatchBadge';
import * as f from '../../shared/forms.css';

/** The preview of a file (nothing saved yet): each invoice, what happens to it, its match and differences. */
export function PreviewTable({ result }: { result: EInvoiceImportResult }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className={tableWrap}>
      <table className={tableClass} aria-label={t('finance.eInvoices.previewTitle', { file: result.fileName })}>
        <thead>
          <tr>
            <th className={th}>{t('finance.columns.number')}</th>
            <th className={th}>{t('finance.columns.seller')}</th>
            <th className={th}>{t('finance.columns.issueDate')}</th>
            <th className={`${th} ${numeric}`}>{t('finance.columns.grossTotal')}</th>
            <th className={th}>{t('finance.columns.matchStatus')}</th>
            <th className={th}>{t('finance.columns.vendorInvoice')}</th>
            <th className={th}>{t('finance.eInvoices.differences')}</th>
            <th className={th}>{t('finance.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {result.invoices.map((i) => (
            <tr key={i.index}>
              <td className={td}>{i.number}</td>
              <td className={td}>
                {i.sellerName} · {i.sellerTin}
              </td>
              <td className={td}>{i.issueDate}</td>
              <td className={`${td} ${numeric}`}>{money(i.grossTotal, lang, i.currency)}</td>
              <td className={td}>
                <MatchBadge status={i.matchStatus} />
              </td>
              <td className={td}>{i.vendorInvoice ? <RouterLink className={f.link} to={`/home/finance/vendor-invoices/${i.vendorInvoice.id}`}>{i.vendorInvoice.number}</RouterLink> : '—'}</td>
              <td className={td}>
                {i.differences.map((d) => (
                  <div key={d.field}>
                    {t('finance.eInvoices.difference', {
                      field: t(`finance.eInvoices.fields.${d.field}`),
                      xml: d.field.endsWith('Total') ? money(Number(d.xml), lang, i.currency) : d.xml,
                      invoice: d.field.endsWith('Total') ? money(Number(d.invoice), lang, i.currency) : d.invoice,
                    })}
                  </div>
                ))}
              </td>
              <td className={td}>{t(i.action === 'create' ? 'finance.eInvoices.willCreate' : 'finance.eInvoices.willSkip')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
