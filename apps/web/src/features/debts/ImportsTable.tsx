import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '@servicedesk/contracts';
import { useImports } from '@servicedesk/api/debts/get-debt-reports';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { AppDataTable } from '../shared/AppDataTable';

/** The imported files (1C data or dislocation snapshots), newest first, with their counts. */
export function ImportsTable({ kind }: { kind: 'oneC' | 'dislocation' }) {
  const { t } = useTranslation();
  const imports = useImports(kind);
  const columns = useMemo<DataTableColumn<ImportSummary>[]>(
    () => [
      { columnName: 'fileName', header: t('debts.imports.file'), minWidth: 220 },
      { columnName: 'encoding', header: t('debts.imports.encoding'), accessor: (row) => `debts.encoding.${row.encoding}`, translate: true, minWidth: 170 },
      { columnName: 'total', header: t('debts.imports.total'), type: 'number', minWidth: 110 },
      { columnName: 'created', header: t('debts.imports.created'), type: 'number', minWidth: 110 },
      { columnName: 'changed', header: t('debts.imports.changed'), type: 'number', minWidth: 110 },
      { columnName: 'refused', header: t('debts.imports.refused'), type: 'number', minWidth: 110 },
      { columnName: 'importedBy', header: t('debts.imports.by'), type: 'user', minWidth: 180 },
      { columnName: 'importedAt', header: t('debts.imports.at'), type: 'dateTime', minWidth: 180 },
    ],
    [t],
  );
  return (
    <AppDataTable
      tableKey={kind === 'oneC' ? 'debtReportImports' : 'dislocationImports'}
      aria-label={t('debts.imports.tableLabel')}
      data={imports.data ?? []}
      columns={columns}
      getRowId={(row) => String(row.id)}
      isLoading={imports.isPending}
      exportFileName={t('debts.imports.tableLabel')}
      height="min(50vh, 420px)"
    />
  );
}
