import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEBT_STATUSES, type DebtListRow, type DebtStatus } from '@servicedesk/contracts';
import { useDebtGroups, useDebtReports } from '@servicedesk/api/debts/get-debt-reports';
import { toMajorUnits } from '@servicedesk/i18n';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys, tableStorage } from '../shared/data-table';
import { LazySelect as Select } from '../shared/lazy-fields';
import { useDebounced } from '../shared/use-debounced';
import { AgeingByCurrency } from './AgeingByCurrency';
import { statusFamily } from './debts-display';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

const ANY = 'any';

/** The counterparties with their balances (server-side search, sort, group and status filters) and the overall ageing chart. */
export function DebtReportTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [status, setStatus] = useState<DebtStatus | undefined>();
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKeys.debtReports) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const sort = table.sorting[0];
  const sortField = sort && ['name', 'balance', 'status', 'lastEntry'].includes(sort.id.replace('Minor', '').replace('Date', '')) ? sort.id.replace('Minor', '').replace('Date', '') : 'balance';
  const list = useDebtReports({ search: search || undefined, groupId, status, take: 500, sort: sortField as 'balance', sortDir: sort ? (sort.desc ? 'desc' : 'asc') : 'desc' });
  const groups = useDebtGroups();

  const columns = useMemo<DataTableColumn<DebtListRow>[]>(
    () => [
      {
        columnName: 'name',
        header: t('debts.columns.name'),
        minWidth: 260,
        render: (_v, row) => (
          <RouterLink className={s.nameLink} to={`/home/finance/debt-reports/${row.id}`}>
            {row.name}
          </RouterLink>
        ),
      },
      { columnName: 'tin', header: t('debts.columns.tin'), minWidth: 140, copyToClipboard: true },
      { columnName: 'kind', header: t('debts.columns.kind'), accessor: (row) => `debts.kind.${row.kind}`, translate: true, minWidth: 140, hidden: true },
      { columnName: 'groupName', header: t('debts.columns.group'), minWidth: 160 },
      {
        columnName: 'status',
        header: t('debts.columns.status'),
        type: 'status',
        accessor: (row) => `debts.status.${row.status}`,
        translate: true,
        statusVariant: (value) => statusFamily[String(value).split('.').pop() as DebtStatus] ?? 'neutral',
        minWidth: 160,
      },
      { columnName: 'currency', header: t('debts.columns.currency'), minWidth: 110 },
      { columnName: 'invoicedMinor', header: t('debts.columns.invoiced'), type: 'money', accessor: (row) => toMajorUnits(row.invoicedMinor), minWidth: 160 },
      { columnName: 'paidMinor', header: t('debts.columns.paid'), type: 'money', accessor: (row) => toMajorUnits(row.paidMinor), minWidth: 160 },
      { columnName: 'balanceMinor', header: t('debts.columns.balance'), type: 'money', accessor: (row) => toMajorUnits(row.balanceMinor), minWidth: 170 },
      { columnName: 'lastEntryDate', header: t('debts.columns.lastEntry'), type: 'date', minWidth: 150 },
    ],
    [t],
  );
  const groupItems = [{ id: ANY, label: t('debts.list.anyGroup') }, ...(groups.data ?? []).map((g) => ({ id: String(g.id), label: g.name }))];
  const statusItems = [{ id: ANY, label: t('debts.list.anyStatus') }, ...DEBT_STATUSES.map((st) => ({ id: st, label: t(`debts.status.${st}`) }))];

  return (
    <div className={f.form}>
      <div className={s.filterBar} role="group" aria-label={t('debts.columns.group')}>
        <Select label={t('debts.columns.group')} items={groupItems} selectedKey={groupId === undefined ? ANY : String(groupId)} onSelectionChange={(key) => setGroupId(key === ANY || key === null ? undefined : Number(key))} />
        <Select label={t('debts.columns.status')} items={statusItems} selectedKey={status ?? ANY} onSelectionChange={(key) => setStatus(key === ANY || key === null ? undefined : (key as DebtStatus))} />
      </div>
      {list.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <AppDataTable
          tableKey={tableKeys.debtReports}
          aria-label={t('debts.list.tableLabel')}
          data={list.data?.rows ?? []}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => void navigate(`/home/finance/debt-reports/${row.id}`)}
          exportFileName={t('debts.list.exportName')}
          height="min(60vh, 560px)"
        />
      )}
      <AgeingByCurrency groupId={groupId} />
    </div>
  );
}
