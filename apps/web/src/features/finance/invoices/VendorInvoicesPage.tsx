import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VENDOR_INVOICE_STATUSES } from '@servicedesk/contracts';
import { useVendorInvoicesPages } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableStorage } from '../../shared/data-table';
import { useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { useInvoiceColumns } from '../shared/invoice-columns';
import { INVOICES_FILTERS_KEY, INVOICES_TABLE_KEY, defaultInvoiceFilters, parseInvoiceFilters, toInvoiceQuery, type InvoiceListFilters } from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../shared/finance.css';

/**
 * /home/finance/vendor-invoices (issue #16): every invoice the user sees, or those they entered,
 * or those waiting for their step on the chain; a status filter; the DataTable under the
 * `vendorInvoices` filter memory key with the saved column order and CSV/XLSX export; search and
 * sort asked from the server. "New invoice" with `finance.vendorInvoices.create`. Live: a change
 * of any invoice the user sees refreshes the list.
 */
export function VendorInvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('finance.vendorInvoices');
  const [filters, setFilters] = useFilterMemory(INVOICES_FILTERS_KEY, parseInvoiceFilters, defaultInvoiceFilters);
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(INVOICES_TABLE_KEY) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  useLiveRecords();
  const query = useMemo(() => toInvoiceQuery(filters, { search, sorting: table.sorting }), [filters, search, table.sorting]);
  const list = useVendorInvoicesPages(query);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const columns = useInvoiceColumns();
  const statusItems = [{ id: 'any', label: t('finance.list.filters.anyStatus') }, ...VENDOR_INVOICE_STATUSES.map((st) => ({ id: st, label: t(`finance.statuses.${st}`) }))];

  const content = (
    <div>
      <div className={s.filterBar} role="group" aria-label={t('finance.list.filters.status')}>
        <Select
          label={t('finance.list.filters.status')}
          items={statusItems}
          selectedKey={filters.status}
          onSelectionChange={(key) => setFilters({ status: String(key ?? 'any') as InvoiceListFilters['status'] })}
        />
      </div>
      {list.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <AppDataTable
          filtered={filters.status !== 'any'}
          tableKey={INVOICES_TABLE_KEY}
          aria-label={t('finance.list.tableLabel')}
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => void navigate(`/home/finance/vendor-invoices/${row.id}`)}
          {...infinitePages(list)}
          exportFileName={t('finance.list.exportName')}
          height="min(70vh, 640px)"
        />
      )}
      {total > rows.length ? <p className={p.muted}>{t('finance.list.rowCount', { shown: rows.length, total })}</p> : null}
    </div>
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('finance.list.title')}</h1>
          <p className={p.lead}>{t('finance.list.description')}</p>
        </div>
        {can('finance.vendorInvoices.create') ? <Button onPress={() => void navigate('/home/finance/vendor-invoices/new')}>{t('finance.list.new')}</Button> : null}
      </div>
      <section className={p.card}>
        <Tabs
          ariaLabel={t('finance.list.views.label')}
          selectedKey={filters.view}
          onSelectionChange={(key) => setFilters({ view: key as InvoiceListFilters['view'] })}
          items={(['all', 'mine', 'myStep'] as const).map((v) => ({ id: v, label: t(`finance.list.views.${v}`), content }))}
        />
      </section>
    </div>
  );
}
