import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Material } from '@servicedesk/contracts';
import { gridRows, useStockGridPages } from '@servicedesk/api/stock/stock-queries';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn } from '@servicedesk/ui/DataTable/types';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../shared/AppDataTable';
import { tableKeys } from '../shared/data-table';
import { useLiveRecords } from '../../realtime/live-records';
import { formatQuantity } from './stock-display';
import * as p from '../shared/page.css';
import * as s from '../shared/list-page.css';
import { lazyDialog } from '../shared/lazy-fields';

/** The page's dialogs load when one first opens (issue #19). */
const MaterialDialog = lazyDialog(() => import('./MaterialDialogs').then((m) => m.MaterialDialog));
const GroupDialog = lazyDialog(() => import('./MaterialDialogs').then((m) => m.GroupDialog));
const ImportDialog = lazyDialog(() => import('./MaterialDialogs').then((m) => m.ImportDialog));

type Mode = 'collapsed' | 'elements';

/**
 * /home/inventory/materials (issue #13, SPEC §2 named lists "materials (collapsed, and with
 * elements)"): two views of the materials — collapsed (rows grouped under their material group,
 * each group collapsing with the table's 300 ms animation; filter memory key
 * `materialsCollapsed`) and with elements (one row per material with its parameters as grouped
 * elements; key `materialsWithElements`). The view is in the URL (`?mode=elements`). New
 * material and new group with `inventory.materials.create`; a row opens the material's page.
 */
export function MaterialsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'elements' ? 'elements' : 'collapsed';
  const { can } = usePagePermissions('inventory.materials');
  const list = useStockGridPages('materials', { mode, take: 500, sort: 'code', sortDir: 'asc' });
  const rows = useMemo(() => gridRows<'materials'>(list.data), [list.data]);
  const [materialOpen, setMaterialOpen] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  useLiveRecords();

  const columns = useMemo<DataTableColumn<Material>[]>(() => {
    const common: DataTableColumn<Material>[] = [
      { columnName: 'code', header: t('stock.columns.code'), minWidth: 150, copyToClipboard: true },
      { columnName: 'name', header: t('stock.columns.name'), minWidth: 260 },
      { columnName: 'groupPath', header: t('stock.columns.group'), minWidth: 240 },
      { columnName: 'unitName', header: t('stock.columns.unit'), minWidth: 120 },
      {
        columnName: 'stock',
        header: t('stock.columns.stock'),
        type: 'number',
        minWidth: 140,
        render: (_v, row) => (
          <span className={row.minLevel !== null && row.stock < row.minLevel ? s.overdueText : undefined}>{formatQuantity(row.stock, lang)}</span>
        ),
      },
      { columnName: 'minLevel', header: t('stock.columns.minLevel'), type: 'number', minWidth: 140 },
    ];
    if (mode === 'elements') {
      return [
        ...common.slice(0, 4),
        {
          columnName: 'parameters',
          header: t('stock.columns.parameters'),
          groupedElements: true,
          loadMoreLimit: 3,
          loadMoreSize: 10,
          minWidth: 240,
          accessor: (row) => row.parameters.map((x) => `${x.name}: ${x.value}`),
        },
        ...common.slice(4),
        { columnName: 'tracksInventories', header: t('stock.columns.tracksInventories'), type: 'boolean', minWidth: 140 },
      ];
    }
    return common;
  }, [t, lang, mode]);

  const table = (
    <AppDataTable
      key={mode}
      tableKey={mode === 'collapsed' ? tableKeys.materialsCollapsed : tableKeys.materialsWithElements}
      aria-label={t('stock.materials.tableLabel')}
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      defaultState={mode === 'collapsed' ? { ...emptyTableState, groupBy: 'groupPath' } : undefined}
      isLoading={list.isPending}
      onRowAction={(row) => void navigate(`/home/inventory/materials/${row.id}`)}
      {...infinitePages(list)}
      exportFileName={t('stock.materials.exportName')}
      height="min(70vh, 640px)"
    />
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.materials.title')}</h1>
          <p className={p.lead}>{t('stock.materials.description')}</p>
        </div>
        {can('inventory.materials.create') ? (
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setImportOpen(true)}>
              {t('stock.import.open')}
            </Button>
            <Button variant="secondary" onPress={() => setGroupOpen(true)}>
              {t('stock.materials.newGroup')}
            </Button>
            <Button onPress={() => setMaterialOpen(true)}>{t('stock.materials.newMaterial')}</Button>
          </div>
        ) : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <Tabs
            ariaLabel={t('stock.materials.modes')}
            selectedKey={mode}
            onSelectionChange={(key) => setParams(key === 'elements' ? { mode: 'elements' } : {}, { replace: true })}
            items={[
              { id: 'collapsed', label: t('stock.materials.collapsed'), content: mode === 'collapsed' ? table : null },
              { id: 'elements', label: t('stock.materials.withElements'), content: mode === 'elements' ? table : null },
            ]}
          />
        )}
      </section>
      <MaterialDialog isOpen={materialOpen} onOpenChange={setMaterialOpen} />
      <GroupDialog isOpen={groupOpen} onOpenChange={setGroupOpen} />
      <ImportDialog isOpen={importOpen} onOpenChange={setImportOpen} />
    </div>
  );
}
