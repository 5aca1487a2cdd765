import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_POOL_TAKEN, isOneOf, type VendorInvoiceListRow } from '@servicedesk/contracts';
import { useAccountingPoolPages } from '@servicedesk/api/finance/accounting-pool';
import { useVendorInvoiceAction } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableKeys, tableStorage } from '../../shared/data-table';
import { filtersKey, useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { refusal } from '../shared/finance-display';
import { useInvoiceColumns } from '../shared/invoice-columns';
import * as p from '../../shared/page.css';
import * as s from '../shared/finance.css';

/** The accounting pool's filter memory key (SPEC §2 named list "accounting pool"). */
export const POOL_TABLE_KEY = tableKeys.accountingPool;
type Taken = 'all' | 'free' | 'mine';
const parseTaken = (saved: Record<string, unknown>): { taken: Taken } => {
  return { taken: isOneOf(ACCOUNTING_POOL_TAKEN, saved.taken) ? saved.taken : 'all' };
};

/**
 * /home/finance/accounting-pool (issue #16): the invoices the director approved, waiting for
 * accounting — all, not taken, or taken by me (remembered under `accountingPool.filters`); an
 * accountant takes one from its row (then it is theirs) and opens it to post it with the payment
 * or return it with a comment.
 */
export function AccountingPoolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('finance.accountingPool');
  const [filters, setFilters] = useFilterMemory(filtersKey(POOL_TABLE_KEY), parseTaken, { taken: 'all' as Taken });
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(POOL_TABLE_KEY) ?? emptyTableState);
  useLiveRecords();
  const list = useAccountingPoolPages({ taken: filters.taken, ...(table.search.trim() ? { search: table.search.trim().slice(0, 100) } : {}), take: 100 });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const take = useVendorInvoiceAction({
    onSuccess: () => toast.show({ title: t('finance.pool.took'), variant: 'success' }),
    onError: (error) => {
      const r = refusal(error);
      toast.show({ title: t(r.key, { ...r.values, defaultValue: t('finance.errors.generic', r.values) }), variant: 'error' });
    },
  });
  const base = useInvoiceColumns();
  const columns = useMemo<DataTableColumn<VendorInvoiceListRow>[]>(
    () => [
      ...base,
      {
        columnName: 'take',
        header: t('finance.actions.take'),
        minWidth: 140,
        accessor: (row) => (row.takenById === null ? '' : row.takenByName ?? ''),
        render: (_v, row) =>
          row.takenById === null && can('finance.accountingPool.take') ? (
            <Button size="sm" isPending={take.isPending && take.variables?.id === row.id} onPress={() => take.mutate({ id: row.id, kind: 'take' })}>
              {t('finance.actions.take')}
            </Button>
          ) : (
            row.takenByName ?? ''
          ),
      },
    ],
    [base, t, take, can],
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('finance.pool.title')}</h1>
          <p className={p.lead}>{t('finance.pool.description')}</p>
        </div>
      </div>
      <section className={p.card}>
        <div className={s.filterBar}>
          <Select
            label={t('finance.pool.taken.label')}
            items={(['all', 'free', 'mine'] as const).map((v) => ({ id: v, label: t(`finance.pool.taken.${v}`) }))}
            selectedKey={filters.taken}
            onSelectionChange={(key) => setFilters({ taken: String(key ?? 'all') as Taken })}
          />
        </div>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <AppDataTable
            filtered={filters.taken !== 'all'}
            tableKey={POOL_TABLE_KEY}
            aria-label={t('finance.pool.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            onStateChange={setTable}
            isLoading={list.isPending}
            onRowAction={(row) => void navigate(`/home/finance/vendor-invoices/${row.id}`)}
            {...infinitePages(list)}
            exportFileName={t('finance.pool.exportName')}
            height="min(70vh, 640px)"
          />
        )}
      </section>
    </div>
  );
}
