import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContractsGridPages } from '@servicedesk/api/contracts/get-contracts-grid';
import { useContractsReference } from '@servicedesk/api/contracts/get-contracts-reference';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { usePagePermissions } from '../../access/use-page-permissions';
import { tableStorage } from '../../shared/data-table';
import { useFilterMemory } from '../../shared/filter-memory';
import { PagedDataTable } from '../../shared/PagedDataTable';
import { useLiveRecords } from '../../../realtime/live-records';
import { toMinorUnits } from '../shared/contracts-display';
import {
  CONTRACTS_FILTERS_KEY,
  CONTRACTS_TABLE_KEY,
  defaultListFilters,
  hasFilters,
  parseListFilters,
  toGridQuery,
} from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import { ContractsFilterBar } from './ContractsFilterBar';
import { useContractColumns } from './use-contract-columns';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';

/**
 * /home/contracts (issue #14 "List"): the contracts the user sees (author, responsible, reviewer;
 * all with `contracts.viewAll`) in the DataTable under the `contracts` filter memory key, filtered
 * on the server by status, counterparty, ending within N days, amount range (major units typed,
 * minor units sent) and "only mine"; the table's search and sort go to the server too; CSV/XLSX
 * export. `?endingWithinDays=30` (the dashboard's figure) opens it filtered the same way. Live:
 * a RecordChanged of a contract refetches it. "New contract" with `contracts.create`.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('contracts');
  const reference = useContractsReference();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useFilterMemory(
    CONTRACTS_FILTERS_KEY,
    parseListFilters,
    defaultListFilters,
  );
  const [table, setTable] = useState<DataTableState>(
    () => tableStorage.get(CONTRACTS_TABLE_KEY) ?? emptyTableState,
  );
  const search = useDebounced(table.search, 300);
  const amounts = useDebounced({ amountMin: filters.amountMin, amountMax: filters.amountMax }, 400);
  useLiveRecords();

  // The dashboard's link: `?endingWithinDays=30` sets the same filter (and only it) once.
  useEffect(() => {
    const ending = params.get('endingWithinDays');
    if (ending === null) return;
    const days = Number(ending);
    if (Number.isInteger(days) && days >= 0)
      setFilters({ ...defaultListFilters, endingWithinDays: days });
    setParams({}, { replace: true });
  }, [params, setParams, setFilters]);

  const query = useMemo(
    () => toGridQuery({ ...filters, ...amounts }, { search, sorting: table.sorting }, toMinorUnits),
    [filters, amounts, search, table.sorting],
  );
  const list = useContractsGridPages(query);

  const columns = useContractColumns();

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('contracts.list.title')}</h1>
          <p className={p.lead}>{t('contracts.list.description')}</p>
        </div>
        {can('contracts.create') ? (
          <Button onPress={() => void navigate('/home/contracts/new')}>
            {t('contracts.list.newContract')}
          </Button>
        ) : null}
      </div>
      <section className={p.card}>
        <ContractsFilterBar filters={filters} setFilters={setFilters} reference={reference.data} />
        <PagedDataTable
          list={list}
          tableKey={CONTRACTS_TABLE_KEY}
          aria-label={t('contracts.list.tableLabel')}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          filtered={hasFilters(filters)}
          onRowAction={(row) => void navigate(`/home/contracts/${row.id}`)}
          exportFileName={t('contracts.list.exportName')}
          height="min(70vh, 640px)"
        />
      </section>
    </div>
  );
}
