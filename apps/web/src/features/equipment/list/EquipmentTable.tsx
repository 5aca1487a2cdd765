import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  EQUIPMENT_STATUSES,
  type EquipmentListRow,
  type EquipmentStatus,
} from '@servicedesk/contracts';
import { useEquipmentGridPages } from '@servicedesk/api/equipment/get-equipment-grid';
import { formatMoney, toMajorUnits } from '@servicedesk/i18n';
import {
  emptyTableState,
  type DataTableColumn,
  type DataTableState,
} from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableStorage } from '../../shared/data-table';
import { filtersKey, useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { requestPath, statusFamily, statusKey } from '../shared/equipment-display';
import { parseFilters, toGridQuery, type EquipmentListFilters } from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import * as s from '../shared/equipment.css';
import { ListRowCount } from '../../shared/ListRowCount';

/**
 * An equipment list under its SPEC §2 filter-memory key (`tableKey`): the views as tabs, a status
 * filter where the view allows one, the DataTable with saved column order and export; rows open
 * the request. Live: a RecordChanged of an equipment request refetches it.
 */
export function EquipmentTable({
  tableKey,
  views,
  showStatusFilter,
  label,
}: {
  tableKey: string;
  views: readonly string[];
  showStatusFilter: boolean;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const defaults = useMemo<EquipmentListFilters>(
    () => ({ view: views[0]!, status: 'any' }),
    [views],
  );
  const parse = useMemo(() => parseFilters(views, defaults), [views, defaults]);
  const [filters, setFilters] = useFilterMemory(filtersKey(tableKey), parse, defaults);
  const [table, setTable] = useState<DataTableState>(
    () => tableStorage.get(tableKey) ?? emptyTableState,
  );
  const search = useDebounced(table.search, 300);
  useLiveRecords();
  const view = views.includes(filters.view) ? filters.view : views[0]!;
  const query = useMemo(
    () => toGridQuery({ ...filters, view }, { search, sorting: table.sorting }),
    [filters, view, search, table.sorting],
  );
  const list = useEquipmentGridPages(query);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const lang = i18n.language;

  const columns = useMemo<DataTableColumn<EquipmentListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('equipment.columns.number'),
        minWidth: 190,
        copyToClipboard: true,
        render: (_value, row) => (
          <RouterLink className={s.numberLink} to={requestPath(row.id)}>
            {row.number}
          </RouterLink>
        ),
      },
      { columnName: 'firstLine', header: t('equipment.columns.items'), minWidth: 260 },
      {
        columnName: 'status',
        header: t('equipment.columns.status'),
        type: 'status',
        accessor: (row) => statusKey(row.status),
        translate: true,
        statusVariant: (value) =>
          statusFamily[String(value).split('.').pop() as EquipmentStatus] ?? 'neutral',
        minWidth: 160,
      },
      {
        columnName: 'requesterName',
        header: t('equipment.columns.requester'),
        type: 'user',
        minWidth: 200,
      },
      {
        columnName: 'total',
        header: t('equipment.columns.total'),
        type: 'money',
        minWidth: 150,
        // Sorted, searched and exported in manat (the text the user reads), drawn with its currency.
        accessor: (row) => toMajorUnits(row.total),
        render: (_value, row) => formatMoney(row.total, lang, row.currency),
      },
      {
        columnName: 'budgetCategory',
        header: t('equipment.columns.budget'),
        minWidth: 180,
        accessor: (row) =>
          row.budgetCategory ? t(`equipment.budgetCategory.${row.budgetCategory}`) : null,
      },
      {
        columnName: 'groupName',
        header: t('equipment.columns.group'),
        minWidth: 160,
        hidden: true,
      },
      {
        columnName: 'handledLines',
        header: t('equipment.columns.lines'),
        minWidth: 120,
        accessor: (row) => `${row.handledLines}/${row.lineCount}`,
      },
      {
        columnName: 'createdAt',
        header: t('equipment.columns.createdAt'),
        type: 'dateTime',
        minWidth: 180,
      },
      {
        columnName: 'updatedAt',
        header: t('equipment.columns.updatedAt'),
        type: 'dateTime',
        minWidth: 180,
        hidden: true,
      },
    ],
    [t, lang],
  );

  const statusItems = [
    { id: 'any', label: t('equipment.filters.anyStatus') },
    ...EQUIPMENT_STATUSES.filter((st) => st !== 'SUBMITTED').map((st) => ({
      id: st,
      label: t(statusKey(st)),
    })),
  ];
  const content = (
    <div>
      {showStatusFilter ? (
        <div className={s.filterBar} role="group" aria-label={t('equipment.filters.label')}>
          <Select
            label={t('equipment.columns.status')}
            items={statusItems}
            selectedKey={filters.status}
            onSelectionChange={(key) =>
              setFilters({ status: String(key ?? 'any') as EquipmentListFilters['status'] })
            }
          />
        </div>
      ) : null}
      {list.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <AppDataTable
          filtered={filters.status !== 'any'}
          tableKey={tableKey}
          aria-label={label}
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => void navigate(requestPath(row.id))}
          {...infinitePages(list)}
          exportFileName={label}
          height="min(70vh, 640px)"
        />
      )}
      <ListRowCount shown={rows.length} total={total} capped={list.data?.pages[0]?.totalCapped} />
    </div>
  );
  return (
    <Tabs
      ariaLabel={t('equipment.views.label')}
      selectedKey={view}
      onSelectionChange={(key) => setFilters({ view: String(key) })}
      items={views.map((v) => ({ id: v, label: t(`equipment.views.${v}`), content }))}
    />
  );
}
