import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_STATUSES,
  type ContractListRow,
  type ContractStatus,
} from '@servicedesk/contracts';
import { useContractsGridPages } from '@servicedesk/api/contracts/get-contracts-grid';
import { useContractsReference } from '@servicedesk/api/contracts/get-contracts-reference';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import {
  emptyTableState,
  type DataTableColumn,
  type DataTableState,
} from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableStorage } from '../../shared/data-table';
import { useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { contractStatusFamily, contractStatusKey, toMinorUnits } from '../shared/contracts-display';
import {
  CONTRACTS_FILTERS_KEY,
  CONTRACTS_TABLE_KEY,
  defaultListFilters,
  hasFilters,
  parseListFilters,
  toGridQuery,
  type ContractListFilters,
} from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';
import { ListRowCount } from '../../shared/ListRowCount';

const ANY = 'any';

/**
 * /home/contracts (issue #14 "List"): the contracts the user sees (author, responsible, reviewer;
 * all with `contracts.viewAll`) in the DataTable under the `contracts` filter memory key, filtered
 * on the server by status, counterparty, ending within N days, amount range (major units typed,
 * minor units sent) and "only mine"; the table's search and sort go to the server too; CSV/XLSX
 * export. `?endingWithinDays=30` (the dashboard's figure) opens it filtered the same way. Live:
 * a RecordChanged of a contract refetches it. "New contract" with `contracts.create`.
 */
export function ContractsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
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
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const columns = useMemo<DataTableColumn<ContractListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('contracts.fields.number'),
        minWidth: 170,
        accessor: (row) => row.number ?? '',
        render: (_value, row) => (
          <RouterLink className={s.link} to={`/home/contracts/${row.id}`}>
            {row.number ?? `#${row.id}`}
          </RouterLink>
        ),
      },
      { columnName: 'subject', header: t('contracts.fields.subject'), minWidth: 260 },
      {
        columnName: 'status',
        header: t('contracts.fields.status'),
        type: 'status',
        accessor: (row) => contractStatusKey(row.status),
        translate: true,
        statusVariant: (value) =>
          contractStatusFamily[String(value).split('.').pop() as ContractStatus] ?? 'neutral',
        minWidth: 150,
      },
      { columnName: 'counterpartyName', header: t('contracts.fields.counterparty'), minWidth: 200 },
      {
        columnName: 'counterpartyTin',
        header: t('contracts.fields.tin'),
        minWidth: 130,
        accessor: (row) => row.counterpartyTin ?? '',
      },
      {
        columnName: 'amountMinor',
        header: t('contracts.fields.amount'),
        type: 'number',
        minWidth: 160,
        render: (_value, row) => formatMoney(row.amountMinor, lang, row.currency),
      },
      {
        columnName: 'startDate',
        header: t('contracts.fields.startDate'),
        type: 'date',
        minWidth: 130,
      },
      {
        columnName: 'endDate',
        header: t('contracts.fields.endDate'),
        type: 'date',
        minWidth: 130,
      },
      {
        columnName: 'responsibleName',
        header: t('contracts.fields.responsible'),
        type: 'user',
        minWidth: 180,
      },
      {
        columnName: 'authorName',
        header: t('contracts.fields.author'),
        type: 'user',
        minWidth: 180,
        hidden: true,
      },
      {
        columnName: 'createdAt',
        header: t('contracts.fields.createdAt'),
        type: 'dateTime',
        minWidth: 170,
        hidden: true,
      },
    ],
    [t, lang],
  );

  const statusItems = [
    { id: ANY, label: t('contracts.list.anyStatus') },
    ...CONTRACT_STATUSES.map((st) => ({ id: st, label: t(contractStatusKey(st)) })),
  ];
  const counterpartyItems = [
    { id: ANY, label: t('contracts.list.anyCounterparty') },
    ...(reference.data?.counterparties ?? []).map((c) => ({
      id: String(c.id),
      label: c.tin ? `${c.name} (${c.tin})` : c.name,
    })),
  ];

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
        <div className={s.filters} role="group" aria-label={t('contracts.list.title')}>
          <Select
            label={t('contracts.fields.status')}
            items={statusItems}
            selectedKey={filters.status}
            onSelectionChange={(key) =>
              setFilters({ status: String(key ?? ANY) as ContractListFilters['status'] })
            }
          />
          <Select
            label={t('contracts.fields.counterparty')}
            items={counterpartyItems}
            selectedKey={filters.counterpartyId === null ? ANY : String(filters.counterpartyId)}
            onSelectionChange={(key) =>
              setFilters({ counterpartyId: key === null || key === ANY ? null : Number(key) })
            }
          />
          <TextField
            label={t('contracts.list.endingWithin')}
            inputMode="numeric"
            value={filters.endingWithinDays === null ? '' : String(filters.endingWithinDays)}
            onChange={(v) => {
              const days = v.trim() === '' ? null : Number(v);
              setFilters({
                endingWithinDays:
                  days !== null && Number.isInteger(days) && days >= 0 ? days : null,
              });
            }}
          />
          <TextField
            label={t('contracts.list.amountMin')}
            inputMode="decimal"
            value={filters.amountMin}
            onChange={(v) => setFilters({ amountMin: v })}
          />
          <TextField
            label={t('contracts.list.amountMax')}
            inputMode="decimal"
            value={filters.amountMax}
            onChange={(v) => setFilters({ amountMax: v })}
          />
          <label className={s.check}>
            <input
              className={s.checkbox}
              type="checkbox"
              checked={filters.mine}
              onChange={(e) => setFilters({ mine: e.target.checked })}
            />
            {t('contracts.list.mine')}
          </label>
          {hasFilters(filters) ? (
            <Button size="sm" variant="ghost" onPress={() => setFilters(defaultListFilters)}>
              {t('contracts.list.clear')}
            </Button>
          ) : null}
        </div>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <AppDataTable
            tableKey={CONTRACTS_TABLE_KEY}
            aria-label={t('contracts.list.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            onStateChange={setTable}
            isLoading={list.isPending}
            filtered={hasFilters(filters)}
            onRowAction={(row) => void navigate(`/home/contracts/${row.id}`)}
            {...infinitePages(list)}
            exportFileName={t('contracts.list.exportName')}
            height="min(70vh, 640px)"
          />
        )}
        <ListRowCount shown={rows.length} total={total} capped={list.data?.pages[0]?.totalCapped} />
      </section>
    </div>
  );
}
