import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentScope } from '@servicedesk/contracts';
import { formatNumber } from '@servicedesk/i18n';
import type { DataTableState } from '@servicedesk/ui/DataTable/types';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { ListRowCount } from '../../shared/ListRowCount';
import { documentsErrorText } from '../shared/errors';
import { useCirculationColumns, type useCirculationList } from './use-circulation-list';
import * as p from '../../shared/page.css';

/**
 * One tab's content of the circulation page: "searching every tab" while a search runs, the grid
 * (a row opens the document; more pages load on scroll) or the list's refusal, and the row count —
 * "more match" while a search's count reaches only as far as the loaded pages.
 */
export function CirculationList({ tableKey, scope, search, result, onStateChange }: { tableKey: string; scope: DocumentScope; search: string; result: ReturnType<typeof useCirculationList>; onStateChange: (state: DataTableState) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const columns = useCirculationColumns(scope, search);
  const { list, rows, searching, total, capped } = result;
  return (
  <>
    {searching ? <p className={p.muted}>{t('documents.circulation.searchAll')}</p> : null}
    {list.isError ? (
      <p role="alert">{documentsErrorText(t, list.error)}</p>
    ) : (
      <AppDataTable
        key={tableKey}
        tableKey={tableKey}
        aria-label={t('documents.circulation.tableLabel')}
        data={rows}
        columns={columns}
        getRowId={(row) => String(row.id)}
        onStateChange={onStateChange}
        isLoading={list.isPending}
        onRowAction={(row) => void navigate(`/home/documents/circulation/${row.id}`)}
        {...infinitePages(list)}
        exportFileName={t('documents.circulation.exportName')}
        height="min(65vh, 600px)"
      />
    )}
    {capped && total <= rows.length ? (
      <p className={p.muted} data-testid="list-row-count">
        {t('documents.circulation.rowCountMore', { shown: formatNumber(rows.length, i18n.language) })}
      </p>
    ) : (
      <ListRowCount shown={rows.length} total={total} capped={capped} />
    )}
  </>
  );
}
