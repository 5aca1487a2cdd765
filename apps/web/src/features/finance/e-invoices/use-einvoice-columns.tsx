import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EInvoiceListRow, EInvoiceMatchStatus } from '@servicedesk/contracts';
import { toMajorUnits } from '@servicedesk/i18n';
import type { DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { matchFamilies, money } from '../shared/finance-display';
import * as f from '../../shared/forms.css';

/**
 * The imported e-invoices' columns (issue #16): number, seller and TIN, issue day, gross total
 * (money; sorted and exported in major units), match badge, the vendor invoice it matched (a
 * link), file name (hidden), imported at. The same array while the language stays.
 */
export function useEInvoiceColumns(): DataTableColumn<EInvoiceListRow>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo<DataTableColumn<EInvoiceListRow>[]>(
    () => [
      { columnName: 'number', header: t('finance.columns.number'), minWidth: 150 },
      { columnName: 'sellerName', header: t('finance.columns.seller'), minWidth: 200 },
      { columnName: 'sellerTin', header: t('finance.columns.tin'), minWidth: 130 },
      { columnName: 'issueDate', header: t('finance.columns.issueDate'), type: 'date', minWidth: 130 },
      { columnName: 'grossTotal', header: t('finance.columns.grossTotal'), type: 'money', minWidth: 140, accessor: (r) => toMajorUnits(r.grossTotal), render: (_v, r) => money(r.grossTotal, lang, r.currency) },
      {
        columnName: 'matchStatus',
        header: t('finance.columns.matchStatus'),
        type: 'status',
        accessor: (r) => `finance.matchStatuses.${r.matchStatus}`,
        translate: true,
        statusVariant: (v) => matchFamilies[String(v).split('.').pop() as EInvoiceMatchStatus] ?? 'neutral',
        minWidth: 160,
      },
      {
        columnName: 'vendorInvoiceNumber',
        header: t('finance.columns.vendorInvoice'),
        minWidth: 160,
        render: (_v, r) => (r.vendorInvoiceId ? <RouterLink className={f.link} to={`/home/finance/vendor-invoices/${r.vendorInvoiceId}`}>{r.vendorInvoiceNumber}</RouterLink> : ''),
      },
      { columnName: 'fileName', header: t('finance.columns.fileName'), minWidth: 160, hidden: true },
      { columnName: 'importedAt', header: t('finance.columns.importedAt'), type: 'dateTime', minWidth: 170 },
    ],
    [t, lang],
  );
}
