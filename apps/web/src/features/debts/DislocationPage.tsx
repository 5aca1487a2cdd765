import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WAGON_STATES, type WagonRow, type WagonState } from '@servicedesk/contracts';
import { useWagons } from '@servicedesk/api/debts/get-wagons';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Select } from '@servicedesk/ui/Select';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable } from '../shared/AppDataTable';
import { tableKeys, tableStorage } from '../shared/data-table';
import { ImportDialog } from './ImportDialog';
import { ImportsTable } from './ImportsTable';
import { wagonFamily } from './debts-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

const ANY = 'any';

/**
 * /home/finance/dislocation (issue #17; SPEC §7 "dislocation (wagons status)"): every wagon's
 * last station, state and time (filter by state, search by number or station, CSV/XLSX export),
 * the imported snapshots, and "Import snapshot" (with `finance.debtReports.dislocationImport`):
 * preview, then import. A wagon opens its timeline.
 */
export function DislocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('finance.debtReports');
  const [state, setState] = useState<WagonState | undefined>();
  const [importing, setImporting] = useState(false);
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKeys.dislocationWagons) ?? emptyTableState);
  const [search, setSearch] = useState(table.search);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(table.search), 300);
    return () => clearTimeout(timer);
  }, [table.search]);
  const wagons = useWagons({ search: search || undefined, state, take: 500 });
  const columns = useMemo<DataTableColumn<WagonRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('debts.dislocation.columns.number'),
        minWidth: 150,
        copyToClipboard: true,
        render: (_v, row) => (
          <RouterLink className={s.nameLink} to={`/home/finance/dislocation/${row.number}`}>
            {row.number}
          </RouterLink>
        ),
      },
      { columnName: 'station', header: t('debts.dislocation.columns.station'), minWidth: 200 },
      {
        columnName: 'state',
        header: t('debts.dislocation.columns.state'),
        type: 'status',
        accessor: (row) => `debts.states.${row.state}`,
        translate: true,
        statusVariant: (value) => wagonFamily[String(value).split('.').pop() as WagonState] ?? 'neutral',
        minWidth: 180,
      },
      { columnName: 'seenAt', header: t('debts.dislocation.columns.seenAt'), type: 'dateTime', minWidth: 180 },
      { columnName: 'sightings', header: t('debts.dislocation.columns.sightings'), type: 'number', minWidth: 120 },
    ],
    [t],
  );
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <RouterLink className={f.link} to="/home/finance/debt-reports">
            {t('debts.detail.back')}
          </RouterLink>
          <h1 className={p.heading}>{t('debts.dislocation.title')}</h1>
          <p className={p.lead}>{t('debts.dislocation.description')}</p>
        </div>
        {can('finance.debtReports.dislocationImport') ? <Button onPress={() => setImporting(true)}>{t('debts.dislocation.import')}</Button> : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <div className={s.filterBar}>
          <Select
            label={t('debts.dislocation.columns.state')}
            items={[{ id: ANY, label: t('debts.dislocation.anyState') }, ...WAGON_STATES.map((st) => ({ id: st, label: t(`debts.states.${st}`) }))]}
            selectedKey={state ?? ANY}
            onSelectionChange={(key) => setState(key === ANY || key === null ? undefined : (key as WagonState))}
          />
        </div>
        <AppDataTable
          tableKey={tableKeys.dislocationWagons}
          aria-label={t('debts.dislocation.tableLabel')}
          data={wagons.data?.rows ?? []}
          columns={columns}
          getRowId={(row) => row.number}
          onStateChange={setTable}
          isLoading={wagons.isPending}
          onRowAction={(row) => void navigate(`/home/finance/dislocation/${row.number}`)}
          exportFileName={t('debts.dislocation.exportName')}
          height="min(60vh, 560px)"
        />
      </section>
      <section className={`${p.card} ${s.tableCard}`}>
        <h2 className={p.cardTitle}>{t('debts.tabs.imports')}</h2>
        <ImportsTable kind="dislocation" />
      </section>
      <ImportDialog kind="dislocation" isOpen={importing} onOpenChange={setImporting} />
    </div>
  );
}
