import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StockLevel, StockOperationListRow, Warehouse } from '@servicedesk/contracts';
import { gridRows, useStockGridPages, useStockReference } from '@servicedesk/api/stock/stock-queries';
import { useSaveWarehouse } from '@servicedesk/api/stock/stock-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { TextField } from '@servicedesk/ui/TextField';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { useLiveRecords } from '../../realtime/live-records';
import { formatAmount, formatQuantity, operationKindFamily, operationKindKey, stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

type View = 'warehouses' | 'levels' | 'operations';
const ALL = 'all';

/**
 * /home/inventory/warehouses (issue #13, SPEC §2 named list "warehouse list"): the warehouses
 * (name, location, keeper, what they hold; filter memory key `warehouseList`), the stock levels
 * per material and warehouse (quantity, value, moving average cost; key `stockLevels`) and the
 * posted operations (key `stockOperations`). The tab and the warehouse filter are in the URL.
 * "New operation" with `inventory.warehouses.operation`, "New warehouse" with
 * `inventory.warehouses.create`.
 */
export function WarehousesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = (['levels', 'operations'].includes(params.get('view') ?? '') ? params.get('view') : 'warehouses') as View;
  const warehouseFilter = params.get('warehouse') ?? ALL;
  const { can } = usePagePermissions('inventory.warehouses');
  const reference = useStockReference();
  const [warehouseOpen, setWarehouseOpen] = useState(false);
  useLiveRecords();
  const warehouseId = warehouseFilter === ALL ? undefined : Number(warehouseFilter);

  const warehousesList = useStockGridPages('warehouses', { take: 500, sort: 'name', sortDir: 'asc' }, view === 'warehouses');
  const levelsList = useStockGridPages('levels', { take: 500, warehouseId, sort: 'material', sortDir: 'asc' }, view === 'levels');
  const operationsList = useStockGridPages('operations', { take: 100, warehouseId }, view === 'operations');

  const warehouseColumns = useMemo<DataTableColumn<Warehouse>[]>(
    () => [
      { columnName: 'name', header: t('stock.columns.warehouse'), minWidth: 220 },
      { columnName: 'locationName', header: t('stock.columns.location'), minWidth: 200 },
      { columnName: 'keeper', header: t('stock.columns.keeper'), type: 'user', accessor: (row) => row.keeper?.name ?? '', minWidth: 200 },
      { columnName: 'materialCount', header: t('stock.columns.materialCount'), type: 'number', minWidth: 140 },
      { columnName: 'stockValue', header: t('stock.columns.value'), type: 'number', minWidth: 160, render: (_v, row) => formatAmount(row.stockValue, lang) },
      { columnName: 'isActive', header: t('stock.columns.active'), type: 'boolean', minWidth: 120 },
    ],
    [t, lang],
  );
  const levelColumns = useMemo<DataTableColumn<StockLevel>[]>(
    () => [
      { columnName: 'materialCode', header: t('stock.columns.code'), minWidth: 140 },
      {
        columnName: 'materialName',
        header: t('stock.columns.material'),
        minWidth: 260,
        render: (_v, row) => <RouterLink to={`/home/inventory/materials/${row.materialId}`}>{row.materialName}</RouterLink>,
      },
      { columnName: 'warehouseName', header: t('stock.columns.warehouse'), minWidth: 200 },
      {
        columnName: 'quantity',
        header: t('stock.columns.quantity'),
        type: 'number',
        minWidth: 130,
        render: (_v, row) => <span className={row.belowMinimum ? s.overdueText : undefined}>{formatQuantity(row.quantity, lang)}</span>,
      },
      { columnName: 'unitCode', header: t('stock.columns.unit'), minWidth: 100 },
      { columnName: 'averageCost', header: t('stock.columns.averageCost'), type: 'number', minWidth: 160, render: (_v, row) => formatAmount(row.averageCost, lang) },
      { columnName: 'value', header: t('stock.columns.value'), type: 'number', minWidth: 160, render: (_v, row) => formatAmount(row.value, lang) },
      { columnName: 'belowMinimum', header: t('stock.columns.belowMinimum'), type: 'boolean', minWidth: 140 },
    ],
    [t, lang],
  );
  const operationColumns = useMemo<DataTableColumn<StockOperationListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('stock.columns.number'),
        minWidth: 170,
        render: (_v, row) => <RouterLink to={`/home/inventory/warehouses/operations/${row.id}`}>{row.number}</RouterLink>,
      },
      {
        columnName: 'kind',
        header: t('stock.columns.kind'),
        type: 'status',
        translate: true,
        accessor: (row) => operationKindKey(row.kind),
        statusVariant: (value) => operationKindFamily[String(value).split('.').pop() as StockOperationListRow['kind']] ?? 'neutral',
        minWidth: 150,
      },
      { columnName: 'operationDate', header: t('stock.columns.date'), type: 'dateTime', minWidth: 180 },
      { columnName: 'warehouseName', header: t('stock.columns.warehouse'), minWidth: 180 },
      { columnName: 'toWarehouseName', header: t('stock.columns.toWarehouse'), minWidth: 180 },
      { columnName: 'recipient', header: t('stock.columns.recipient'), type: 'user', accessor: (row) => row.recipient?.name ?? '', minWidth: 180 },
      { columnName: 'vendorName', header: t('stock.columns.vendor'), minWidth: 180 },
      { columnName: 'totalAmount', header: t('stock.columns.amount'), type: 'number', minWidth: 150, render: (_v, row) => formatAmount(row.totalAmount, lang) },
      { columnName: 'postedBy', header: t('stock.columns.postedBy'), type: 'user', accessor: (row) => row.postedBy?.name ?? '', minWidth: 180, hidden: true },
      { columnName: 'reason', header: t('stock.columns.reason'), minWidth: 200, hidden: true },
    ],
    [t, lang],
  );

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const warehouseSelect = (
    <div className={s.filterToggle}>
      <Select
        placeholder={t('stock.choose')}
        label={t('stock.columns.warehouse')}
        items={[{ id: ALL, label: t('stock.warehouses.allWarehouses') }, ...(reference.data?.warehouses ?? []).map((w) => ({ id: String(w.id), label: w.name }))]}
        selectedKey={warehouseFilter}
        onSelectionChange={(key) => setParam('warehouse', key === null || key === ALL ? null : String(key))}
      />
    </div>
  );

  const content: Record<View, React.ReactNode> = {
    warehouses: (
      <AppDataTable
        tableKey={tableKeys.warehouseList}
        aria-label={t('stock.warehouses.tableLabel')}
        data={gridRows<'warehouses'>(warehousesList.data)}
        columns={warehouseColumns}
        getRowId={(row) => String(row.id)}
        isLoading={warehousesList.isPending}
        onRowAction={(row) => setParams({ view: 'levels', warehouse: String(row.id) }, { replace: true })}
        exportFileName={t('stock.warehouses.exportName')}
        height="min(60vh, 520px)"
      />
    ),
    levels: (
      <div>
        {warehouseSelect}
        <AppDataTable
          tableKey={tableKeys.stockLevels}
          aria-label={t('stock.levels.tableLabel')}
          data={gridRows<'levels'>(levelsList.data)}
          columns={levelColumns}
          getRowId={(row) => `${row.materialId}:${row.warehouseId}`}
          isLoading={levelsList.isPending}
          {...infinitePages(levelsList)}
          onRowAction={(row) => void navigate(`/home/inventory/materials/${row.materialId}`)}
          exportFileName={t('stock.levels.exportName')}
          height="min(60vh, 520px)"
        />
      </div>
    ),
    operations: (
      <div>
        {warehouseSelect}
        <AppDataTable
          tableKey={tableKeys.stockOperations}
          aria-label={t('stock.operations.tableLabel')}
          data={gridRows<'operations'>(operationsList.data)}
          columns={operationColumns}
          getRowId={(row) => String(row.id)}
          isLoading={operationsList.isPending}
          {...infinitePages(operationsList)}
          onRowAction={(row) => void navigate(`/home/inventory/warehouses/operations/${row.id}`)}
          exportFileName={t('stock.operations.exportName')}
          height="min(60vh, 520px)"
        />
      </div>
    ),
  };

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.warehouses.title')}</h1>
          <p className={p.lead}>{t('stock.warehouses.description')}</p>
        </div>
        <div className={s.formActions}>
          {can('inventory.warehouses.create') ? (
            <Button variant="secondary" onPress={() => setWarehouseOpen(true)}>
              {t('stock.warehouses.newWarehouse')}
            </Button>
          ) : null}
          {can('inventory.warehouses.operation') ? (
            <Button variant="secondary" onPress={() => void navigate('/home/inventory/warehouses/counts')}>
              {t('stock.count.open')}
            </Button>
          ) : null}
          {can('inventory.warehouses.operation') ? (
            <Button onPress={() => void navigate('/home/inventory/warehouses/operations/new')}>{t('stock.operations.new')}</Button>
          ) : null}
        </div>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <Tabs
          ariaLabel={t('stock.warehouses.views')}
          selectedKey={view}
          onSelectionChange={(key) => setParam('view', key === 'warehouses' ? null : String(key))}
          items={(['warehouses', 'levels', 'operations'] as const).map((v) => ({ id: v, label: t(`stock.warehouses.view.${v}`), content: view === v ? content[v] : null }))}
        />
      </section>
      <WarehouseDialog isOpen={warehouseOpen} onOpenChange={setWarehouseOpen} />
    </div>
  );
}

/** The new-warehouse form: name, keeper (a user). */
function WarehouseDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const users = useUsersNameAndId();
  const save = useSaveWarehouse();
  const [name, setName] = useState('');
  const [keeperId, setKeeperId] = useState<string | null>(null);
  return (
    <Dialog
      title={t('stock.warehouses.newWarehouse')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('close')}
      footer={
        <Button
          isDisabled={!name.trim()}
          isPending={save.isPending}
          onPress={() => save.mutate({ name, keeperId: keeperId ? Number(keeperId) : null }, { onSuccess: () => onOpenChange(false) })}
        >
          {t('save')}
        </Button>
      }
    >
      <div className={f.form}>
        {save.isError ? <p className={f.error} role="alert">{stockErrorText(t, save.error, i18n.language)}</p> : null}
        <TextField label={t('stock.columns.warehouse')} value={name} onChange={setName} isRequired />
        <Select
          placeholder={t('stock.choose')}
          label={t('stock.columns.keeper')}
          items={(users.data ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
          selectedKey={keeperId}
          onSelectionChange={(key) => setKeeperId(key === null ? null : String(key))}
        />
      </div>
    </Dialog>
  );
}
