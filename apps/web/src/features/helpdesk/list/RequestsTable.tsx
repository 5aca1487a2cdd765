import { memo, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskListQuery, HelpdeskListRow } from '@servicedesk/contracts';
import { useRequestsGridPages } from '@servicedesk/api/helpdesk/get-requests-grid';
import type { DataTableColumn, DataTableState } from '@servicedesk/ui/DataTable/types';
import { PagedDataTable } from '../../shared/PagedDataTable';
import { HELPDESK_TABLE_KEY } from './list-filters';

const rowId = (row: HelpdeskListRow) => String(row.id);

/**
 * The requests grid and its row count: the list query lives here, so its answers (the first
 * page, each next page, a live refresh) re-render the table alone — not the page's header,
 * tabs and filter bar (issue #19: on a phone each of those renders was a long task).
 */
export const RequestsTable = memo(function RequestsTable({
  query,
  filtered,
  columns,
  onStateChange,
}: {
  query: Omit<HelpdeskListQuery, 'skip'>;
  /** Whether the filter bar narrows the rows (the empty table then says nothing matches). */
  filtered: boolean;
  columns: DataTableColumn<HelpdeskListRow>[];
  onStateChange: (state: DataTableState) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useRequestsGridPages(query);
  const onRowAction = useCallback((row: HelpdeskListRow) => void navigate(`/home/helpdesk/requests/${row.id}`), [navigate]);
  return (
    <PagedDataTable
      list={list}
      tableKey={HELPDESK_TABLE_KEY}
      aria-label={t('helpdesk.list.tableLabel')}
      columns={columns}
      getRowId={rowId}
      onStateChange={onStateChange}
      filtered={filtered}
      onRowAction={onRowAction}
      exportFileName={t('helpdesk.list.exportName')}
      height="min(70vh, 640px)"
    />
  );
});
