import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VendorInvoiceListRow, VendorInvoiceStatus } from '@servicedesk/contracts';
import { toMajorUnits } from '@servicedesk/i18n';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { money, statusFamilies } from './finance-display';
import * as f from '../../shared/forms.css';

/** The columns of the vendor-invoice and accounting-pool grids (one definition for both). */
export function useInvoiceColumns(): DataTableColumn<VendorInvoiceListRow>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo<DataTableColumn<VendorInvoiceListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('finance.columns.number'),
        minWidth: 170,
        render: (_v, row) => (
          <RouterLink className={f.link} to={`/home/finance/vendor-invoices/${row.id}`}>
            {row.number}
          </RouterLink>
        ),
      },
      { columnName: 'vendorName', header: t('finance.columns.vendor'), minWidth: 220 },
      { columnName: 'vendorTin', header: t('finance.columns.tin'), minWidth: 130, hidden: true },
      { columnName: 'invoiceDate', header: t('finance.columns.invoiceDate'), type: 'date', minWidth: 140 },
      {
        columnName: 'grossTotal',
        header: t('finance.columns.grossTotal'),
        type: 'money',
        minWidth: 150,
        // Sorted, searched and exported in manat (the text the user reads), drawn with its currency.
        accessor: (row) => toMajorUnits(row.grossTotal),
        render: (_v, row) => money(row.grossTotal, lang, row.currency),
      },
      {
        columnName: 'status',
        header: t('finance.columns.status'),
        type: 'status',
        accessor: (row) => `finance.statuses.${row.status}`,
        translate: true,
        statusVariant: (value) => statusFamilies[String(value).split('.').pop() as VendorInvoiceStatus] ?? 'neutral',
        minWidth: 180,
      },
      { columnName: 'authorName', header: t('finance.columns.author'), type: 'user', minWidth: 180 },
      { columnName: 'takenByName', header: t('finance.columns.takenBy'), type: 'user', minWidth: 180 },
      { columnName: 'paidDate', header: t('finance.columns.paidDate'), type: 'date', minWidth: 130 },
      { columnName: 'transportNumbers', header: t('finance.columns.transportNumbers'), minWidth: 180, hidden: true, accessor: (row) => row.transportNumbers.join(', ') },
      { columnName: 'createdAt', header: t('finance.columns.createdAt'), type: 'dateTime', minWidth: 170, hidden: true },
    ],
    [t, lang],
  );
}
