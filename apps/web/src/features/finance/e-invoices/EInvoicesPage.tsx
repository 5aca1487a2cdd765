import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EINVOICE_MATCH_STATUSES, isOneOf, type EInvoiceMatchStatus } from '@servicedesk/contracts';
import { useEInvoicesPages } from '@servicedesk/api/finance/e-invoices';
import { emptyTableState, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableKeys, tableStorage } from '../../shared/data-table';
import { filtersKey, useFilterMemory } from '../../shared/filter-memory';
import { usePagedRows } from '../../shared/PagedDataTable';
import { EInvoiceDialog } from './EInvoiceDialog';
import { EInvoiceImport } from './EInvoiceImport';
import { useEInvoiceColumns } from './use-einvoice-columns';
import * as p from '../../shared/page.css';
import * as s from '../shared/finance.css';

export const EINVOICES_TABLE_KEY = tableKeys.eInvoices;
type MatchFilter = 'any' | EInvoiceMatchStatus;
const parseMatch = (saved: Record<string, unknown>): { matchStatus: MatchFilter } => {
  return { matchStatus: isOneOf(EINVOICE_MATCH_STATUSES, saved.matchStatus) ? saved.matchStatus : 'any' };
};

/**
 * /home/finance/e-invoices (issue #16): choose the tax portal's XML export → a preview of every
 * invoice in it (new or already imported, its vendor by TIN, its vendor invoice by number, the
 * differences in amounts) before anything is saved → import; importing the same file again
 * changes nothing. A malformed file's refusal names its line. Below, the imported e-invoices
 * (memory key `eInvoices`, filter by match) — a row opens its XML lines.
 */
export function EInvoicesPage() {
  const { t } = useTranslation();
  const { can } = usePagePermissions('finance.eInvoices');
  const [open, setOpen] = useState<number | null>(null);
  const [filters, setFilters] = useFilterMemory(filtersKey(EINVOICES_TABLE_KEY), parseMatch, { matchStatus: 'any' as MatchFilter });
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(EINVOICES_TABLE_KEY) ?? emptyTableState);
  const list = useEInvoicesPages({
    ...(filters.matchStatus !== 'any' ? { matchStatus: [filters.matchStatus] } : {}),
    ...(table.search.trim() ? { search: table.search.trim().slice(0, 100) } : {}),
    take: 100,
  });
  const rows = usePagedRows(list);
  const columns = useEInvoiceColumns();

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('finance.eInvoices.title')}</h1>
        <p className={p.lead}>{t('finance.eInvoices.description')}</p>
      </div>
      {can('finance.eInvoices.import') ? <EInvoiceImport /> : null}
      <section className={p.card}>
        <div className={s.filterBar}>
          <Select
            label={t('finance.eInvoices.filters.matchStatus')}
            items={[{ id: 'any', label: t('finance.eInvoices.filters.any') }, ...EINVOICE_MATCH_STATUSES.map((m) => ({ id: m, label: t(`finance.matchStatuses.${m}`) }))]}
            selectedKey={filters.matchStatus}
            onSelectionChange={(key) => setFilters({ matchStatus: String(key ?? 'any') as MatchFilter })}
          />
        </div>
        <AppDataTable
          filtered={filters.matchStatus !== 'any'}
          tableKey={EINVOICES_TABLE_KEY}
          aria-label={t('finance.eInvoices.tableLabel')}
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => setOpen(row.id)}
          {...infinitePages(list)}
          exportFileName={t('finance.eInvoices.exportName')}
          height="min(60vh, 560px)"
        />
      </section>
      {open !== null ? <EInvoiceDialog id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
