import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StockLevel, StockOperationListRow, Warehouse } from '@servicedesk/contracts';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import {
  formatAmount,
  formatQuantity,
  operationKindFamily,
  operationKindKey,
} from './stock-display';
import * as s from '../shared/list-page.css';

/**
 * The columns of the warehouses page's three tables: warehouses (name, location, keeper, what they
 * hold, value, active), stock levels (material to its page, quantity marked below its minimum,
 * average cost, value) and posted operations (number to its page, kind badge, date, warehouses,
 * recipient, vendor, amount; posted by and reason hidden at first). Amounts in the UI language.
 */
export function useWarehouseColumns() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const warehouseColumns = useMemo<DataTableColumn<Warehouse>[]>(
    () => [
      { columnName: 'name', header: t('stock.columns.warehouse'), minWidth: 220 },
      { columnName: 'locationName', header: t('stock.columns.location'), minWidth: 200 },
      {
        columnName: 'keeper',
        header: t('stock.columns.keeper'),
        type: 'user',
        accessor: (row) => row.keeper?.name ?? '',
        minWidth: 200,
      },
      {
        columnName: 'materialCount',
        header: t('stock.columns.materialCount'),
        type: 'number',
        minWidth: 140,
      },
      {
        columnName: 'stockValue',
        header: t('stock.columns.value'),
        type: 'number',
        minWidth: 160,
        render: (_v, row) => formatAmount(row.stockValue, lang),
      },
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
        render: (_v, row) => (
          <RouterLink to={`/home/inventory/materials/${row.materialId}`}>
            {row.materialName}
          </RouterLink>
        ),
      },
      { columnName: 'warehouseName', header: t('stock.columns.warehouse'), minWidth: 200 },
      {
        columnName: 'quantity',
        header: t('stock.columns.quantity'),
        type: 'number',
        minWidth: 130,
        render: (_v, row) => (
          <span className={row.belowMinimum ? s.overdueText : undefined}>
            {formatQuantity(row.quantity, lang)}
          </span>
        ),
      },
      { columnName: 'unitCode', header: t('stock.columns.unit'), minWidth: 100 },
      {
        columnName: 'averageCost',
        header: t('stock.columns.averageCost'),
        type: 'number',
        minWidth: 160,
        render: (_v, row) => formatAmount(row.averageCost, lang),
      },
      {
        columnName: 'value',
        header: t('stock.columns.value'),
        type: 'number',
        minWidth: 160,
        render: (_v, row) => formatAmount(row.value, lang),
      },
      {
        columnName: 'belowMinimum',
        header: t('stock.columns.belowMinimum'),
        type: 'boolean',
        minWidth: 140,
      },
    ],
    [t, lang],
  );
  const operationColumns = useMemo<DataTableColumn<StockOperationListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('stock.columns.number'),
        minWidth: 170,
        render: (_v, row) => (
          <RouterLink to={`/home/inventory/warehouses/operations/${row.id}`}>
            {row.number}
          </RouterLink>
        ),
      },
      {
        columnName: 'kind',
        header: t('stock.columns.kind'),
        type: 'status',
        translate: true,
        accessor: (row) => operationKindKey(row.kind),
        statusVariant: (value) =>
          operationKindFamily[String(value).split('.').pop() as StockOperationListRow['kind']] ??
          'neutral',
        minWidth: 150,
      },
      {
        columnName: 'operationDate',
        header: t('stock.columns.date'),
        type: 'dateTime',
        minWidth: 180,
      },
      { columnName: 'warehouseName', header: t('stock.columns.warehouse'), minWidth: 180 },
      { columnName: 'toWarehouseName', header: t('stock.columns.toWarehouse'), minWidth: 180 },
      {
        columnName: 'recipient',
        header: t('stock.columns.recipient'),
        type: 'user',
        accessor: (row) => row.recipient?.name ?? '',
        minWidth: 180,
      },
      { columnName: 'vendorName', header: t('stock.columns.vendor'), minWidth: 180 },
      {
        columnName: 'totalAmount',
        header: t('stock.columns.amount'),
        type: 'number',
        minWidth: 150,
        render: (_v, row) => formatAmount(row.totalAmount, lang),
      },
      {
        columnName: 'postedBy',
        header: t('stock.columns.postedBy'),
        type: 'user',
        accessor: (row) => row.postedBy?.name ?? '',
        minWidth: 180,
        hidden: true,
      },
      { columnName: 'reason', header: t('stock.columns.reason'), minWidth: 200, hidden: true },
    ],
    [t, lang],
  );
  return { warehouseColumns, levelColumns, operationColumns };
}
