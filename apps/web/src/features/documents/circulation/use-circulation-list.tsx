import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentFolder, DocumentRow, DocumentScope } from '@servicedesk/contracts';
import { useDocumentsGridPages } from '@servicedesk/api/documents/documents';
import type { DataTableColumn, DataTableState } from '@servicedesk/ui/DataTable/types';
import { statusVariant } from '../shared/status';
import { MOVE_DRAG_TYPE, type MoveItem } from './move-item';
import { Snippet } from '../shared/Snippet';
import * as s from '../shared/documents.css';

/**
 * The circulation grid's pages (POST /api/documents/grid) for the tab `scope` — the chosen folder's
 * documents for `folder` — with the table's sort; a search (already debounced) looks across every
 * tab (issue #41: scope `all`, whichever tab it was typed in). Waits for the folder tree (`enabled`).
 * `total` and `capped` are the last page's count: a search counts only as far as its page
 * (`totalCapped` until the matches end; the server's documents.search.ts), and each page says more.
 */
export function useCirculationList(scope: DocumentScope, selected: DocumentFolder | null, table: DataTableState, search: string, enabled: boolean) {
  const sort = table.sorting[0];
  const searching = search.trim() !== '';
  const query = {
    scope: searching ? ('all' as const) : scope,
    ...(!searching && scope === 'folder' && selected ? { folderId: selected.id } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(sort && ['updatedAt', 'title', 'status'].includes(sort.id) ? { sort: sort.id as 'updatedAt' | 'title' | 'status', sortDir: sort.desc ? ('desc' as const) : ('asc' as const) } : {}),
  };
  const list = useDocumentsGridPages(query, enabled);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const lastPage = list.data?.pages.at(-1);
  return { list, rows, searching, total: lastPage?.total ?? 0, capped: lastPage?.totalCapped ?? false };
}

/**
 * The grid's columns: the title links to the document and drags onto a folder of the tree to move
 * it there (the keyboard's way: Move on the document's page); finished-at hidden on the unfinished
 * and folder tabs, the matching snippet only while searching.
 */
export function useCirculationColumns(scope: DocumentScope, search: string) {
  const { t } = useTranslation();
  return useMemo<DataTableColumn<DocumentRow>[]>(
    () => [
      {
        columnName: 'title',
        header: t('documents.columns.title'),
        minWidth: 260,
        render: (_v, row) => (
          <RouterLink
            className={s.link}
            to={`/home/documents/circulation/${row.id}`}
            draggable
            onDragStart={(e) => e.dataTransfer.setData(MOVE_DRAG_TYPE, JSON.stringify({ kind: 'document', id: row.id, name: row.title, folderId: row.folderId } satisfies MoveItem))}
          >
            {row.title}
          </RouterLink>
        ),
      },
      { columnName: 'typeName', header: t('documents.columns.type'), minWidth: 140 },
      { columnName: 'folderName', header: t('documents.columns.folder'), minWidth: 160 },
      {
        columnName: 'status',
        header: t('documents.columns.status'),
        type: 'status',
        accessor: (row) => `documents.status.${row.status}`,
        translate: true,
        statusVariant: (value) => statusVariant(String(value).split('.').pop() ?? ''),
        minWidth: 150,
      },
      { columnName: 'versionCount', header: t('documents.columns.versions'), type: 'number', minWidth: 110 },
      { columnName: 'registryNumber', header: t('documents.columns.registryNumber'), minWidth: 170 },
      { columnName: 'author', header: t('documents.columns.author'), type: 'user', minWidth: 180 },
      { columnName: 'updatedAt', header: t('documents.columns.updatedAt'), type: 'dateTime', minWidth: 180 },
      { columnName: 'finishedAt', header: t('documents.columns.finishedAt'), type: 'dateTime', minWidth: 180, hidden: scope === 'unfinished' || scope === 'folder' },
      { columnName: 'snippet', header: t('documents.columns.snippet'), minWidth: 320, hidden: !search.trim(), render: (_v, row) => <Snippet parts={row.snippet} /> },
    ],
    [t, scope, search],
  );
}
