import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  gridRows,
  useStockGridPages,
  useStockReference,
} from '@servicedesk/api/stock/stock-queries';
import { Button } from '@servicedesk/ui/Button';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { useLiveRecords } from '../../realtime/live-records';
import { useWarehouseColumns } from './warehouse-columns';
import { WarehouseDialog } from './WarehouseDialog';
import * as p from '../shared/page.css';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = (
    ['levels', 'operations'].includes(params.get('view') ?? '') ? params.get('view') : 'warehouses'
  ) as View;
  const warehouseFilter = params.get('warehouse') ?? ALL;
  const { can } = usePagePermissions('inventory.warehouses');
  const reference = useStockReference();
  const [warehouseOpen, setWarehouseOpen] = useState(false);
  useLiveRecords();
  const warehouseId = warehouseFilter === ALL ? undefined : Number(warehouseFilter);

  const warehousesList = useStockGridPages(
    'warehouses',
    { take: 500, sort: 'name', sortDir: 'asc' },
    view === 'warehouses',
  );
  const levelsList = useStockGridPages(
    'levels',
    { take: 500, warehouseId, sort: 'material', sortDir: 'asc' },
    view === 'levels',
  );
  const operationsList = useStockGridPages(
    'operations',
    { take: 100, warehouseId },
    view === 'operations',
  );

  const { warehouseColumns, levelColumns, operationColumns } = useWarehouseColumns();

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
        items={[
          { id: ALL, label: t('stock.warehouses.allWarehouses') },
          ...(reference.data?.warehouses ?? []).map((w) => ({ id: String(w.id), label: w.name })),
        ]}
        selectedKey={warehouseFilter}
        onSelectionChange={(key) =>
          setParam('warehouse', key === null || key === ALL ? null : String(key))
        }
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
        onRowAction={(row) =>
          setParams({ view: 'levels', warehouse: String(row.id) }, { replace: true })
        }
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
            <Button
              variant="secondary"
              onPress={() => void navigate('/home/inventory/warehouses/counts')}
            >
              {t('stock.count.open')}
            </Button>
          ) : null}
          {can('inventory.warehouses.operation') ? (
            <Button onPress={() => void navigate('/home/inventory/warehouses/operations/new')}>
              {t('stock.operations.new')}
            </Button>
          ) : null}
        </div>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <Tabs
          ariaLabel={t('stock.warehouses.views')}
          selectedKey={view}
          onSelectionChange={(key) => setParam('view', key === 'warehouses' ? null : String(key))}
          items={(['warehouses', 'levels', 'operations'] as const).map((v) => ({
            id: v,
            label: t(`stock.warehouses.view.${v}`),
            content: view === v ? content[v] : null,
          }))}
        />
      </section>
      <WarehouseDialog isOpen={warehouseOpen} onOpenChange={setWarehouseOpen} />
    </div>
  );
}
