import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_SCOPES, folderNameFlags, type DocumentRow, type DocumentScope } from '@servicedesk/contracts';
import { formatNumber } from '@servicedesk/i18n';
import { useDocumentsGridPages } from '@servicedesk/api/documents/documents';
import { useCreateFolder, useDeleteFolder, useFolderTree, useUpdateFolder } from '@servicedesk/api/documents/folders';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { FolderNamePrompt } from '@servicedesk/ui/FolderNamePrompt';
import { Tabs } from '@servicedesk/ui/Tabs';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableStorage } from '../../shared/data-table';
import { useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { documentsErrorText } from '../shared/errors';
import { statusVariant } from '../shared/status';
import { CIRCULATION_FILTERS_KEY, SCOPE_TABLE_KEYS, defaultCirculationFilters, parseCirculationFilters } from './circulation-filters';
import { FolderTree } from './FolderTree';
import { MOVE_DRAG_TYPE, useMoveItem, type MoveItem } from './move-item';
import { Snippet } from '../shared/Snippet';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';
import { ListRowCount } from '../../shared/ListRowCount';
import { lazyDialog } from '../../shared/lazy-fields';

/** The folder permissions, new document and recycle bin dialogs, each loaded the first time it opens (issue #19). */
const PermissionsDialog = lazyDialog(
  () => import('./PermissionsDialog').then((m) => m.PermissionsDialog),
  (props) => props.folder !== null,
);
const NewDocumentDialog = lazyDialog(
  () => import('./NewDocumentDialog').then((m) => m.NewDocumentDialog),
  (props) => props.folder !== null,
);
const BinDialog = lazyDialog(() => import('./BinDialog').then((m) => m.BinDialog));
const MoveDialog = lazyDialog(
  () => import('./MoveDialog').then((m) => m.MoveDialog),
  (props) => props.item !== null,
);

type FolderPrompt = { mode: 'create'; parentId: number | null } | { mode: 'rename'; id: number; name: string } | null;

/**
 * /home/documents/circulation (issue #15; SPEC §2 "document circulation (unfinished, just
 * finished, just finished for vendor invoice)", the folder-name prompt): the folder tree the
 * caller may read (new folder / subfolder with the SPEC §5 name rule, rename, permissions,
 * delete to the bin — as their level allows), and the lists — each under its own filter-memory
 * key — plus the chosen folder's documents; the table's search is the server's full-text search
 * over titles and file text. New document in a folder the caller may write to; the recycle bin.
 */
export function CirculationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('documents.circulation');
  const tree = useFolderTree();
  const [filters, setFilters] = useFilterMemory(CIRCULATION_FILTERS_KEY, parseCirculationFilters, defaultCirculationFilters);
  const tableKey = SCOPE_TABLE_KEYS[filters.scope];
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKey) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const [prompt, setPrompt] = useState<FolderPrompt>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [newDocOpen, setNewDocOpen] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveFolder, setMoveFolder] = useState(false);
  const moveItem = useMoveItem();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const deleteFolder = useDeleteFolder();
  useLiveRecords();

  const folders = useMemo(() => tree.data?.folders ?? [], [tree.data]);
  const selected = folders.find((f) => f.id === filters.folderId) ?? null;
  const scope: DocumentScope = filters.scope === 'folder' && !selected ? 'unfinished' : filters.scope;
  const sort = table.sorting[0];
  // A search looks across every tab (issue #41): scope `all`, whichever tab it was typed in.
  const searching = search.trim() !== '';
  const query = {
    scope: searching ? ('all' as const) : scope,
    ...(!searching && scope === 'folder' && selected ? { folderId: selected.id } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(sort && ['updatedAt', 'title', 'status'].includes(sort.id) ? { sort: sort.id as 'updatedAt' | 'title' | 'status', sortDir: sort.desc ? ('desc' as const) : ('asc' as const) } : {}),
  };
  const list = useDocumentsGridPages(query, tree.isSuccess);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  // The count of the last page loaded: a search counts only as far as its page (`totalCapped`
  // until the matches end; the server's documents.search.ts), and each page says more.
  const lastPage = list.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const capped = lastPage?.totalCapped ?? false;

  const columns = useMemo<DataTableColumn<DocumentRow>[]>(
    () => [
      {
        columnName: 'title',
        header: t('documents.columns.title'),
        minWidth: 260,
        render: (_v, row) => (
          // Dragged onto a folder of the tree it moves there (the keyboard's way: Move on the document's page).
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

  const nameMessages = {
    required: t('documents.folders.nameErrors.required'),
    maxLength: t('documents.folders.nameErrors.maxLength'),
    invalidCharacters: t('documents.folders.nameErrors.invalidCharacters'),
    reservedName: t('documents.folders.nameErrors.reservedName'),
  };
  const canWrite = selected?.level === 'write' || selected?.level === 'manage';
  const canManage = selected?.level === 'manage';

  const content = (
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
          onStateChange={setTable}
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

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('documents.circulation.title')}</h1>
          <p className={p.lead}>{t('documents.circulation.description')}</p>
        </div>
        <div className={s.actions}>
          <Button variant="secondary" onPress={() => setBinOpen(true)}>
            {t('documents.circulation.bin')}
          </Button>
          {can('documents.circulation.create') && canWrite ? <Button onPress={() => setNewDocOpen(true)}>{t('documents.circulation.newDocument')}</Button> : null}
        </div>
      </div>
      <div className={s.layout}>
        <section className={p.card} aria-labelledby="documents-folders-heading">
          <h2 id="documents-folders-heading" className={p.cardTitle}>
            {t('documents.folders.label')}
          </h2>
          {tree.isPending ? <p className={s.muted}>{t('loading')}</p> : null}
          {tree.isSuccess && folders.length === 0 ? <p className={s.muted}>{t('documents.folders.empty')}</p> : null}
          <FolderTree
            folders={folders}
            selectedId={selected?.id ?? null}
            label={t('documents.folders.label')}
            onSelect={(id) => setFilters({ folderId: id, scope: 'folder' })}
            onDropItem={(item, folder) => void moveItem.run(item, folder).catch((e: unknown) => toast.show({ title: documentsErrorText(t, e), variant: 'error' }))}
          />
          <p className={s.muted}>{t('documents.move.dragHint')}</p>
          <div className={s.toolbar}>
            {tree.data?.canCreateRoot ? (
              <Button size="sm" variant="secondary" onPress={() => setPrompt({ mode: 'create', parentId: null })}>
                {t('documents.folders.newFolder')}
              </Button>
            ) : null}
            {selected && canWrite ? (
              <Button size="sm" variant="secondary" onPress={() => setPrompt({ mode: 'create', parentId: selected.id })}>
                {t('documents.folders.newSubfolder')}
              </Button>
            ) : null}
            {selected && canManage ? (
              <Button size="sm" variant="secondary" onPress={() => setPrompt({ mode: 'rename', id: selected.id, name: selected.name })}>
                {t('documents.folders.rename')}
              </Button>
            ) : null}
            {selected ? (
              <Button size="sm" variant="secondary" onPress={() => setPermissionsOpen(true)}>
                {t('documents.folders.permissions')}
              </Button>
            ) : null}
            {selected && canManage ? (
              <Button size="sm" variant="secondary" onPress={() => setMoveFolder(true)}>
                {t('documents.move.folder')}
              </Button>
            ) : null}
            {selected && canManage ? (
              <Button size="sm" variant="ghost" onPress={() => setConfirmDelete(true)}>
                {t('documents.folders.delete')}
              </Button>
            ) : null}
          </div>
        </section>
        <section className={`${p.card} ${s.tableCard}`}>
          <Tabs
            ariaLabel={t('documents.circulation.tabs.label')}
            selectedKey={scope}
            onSelectionChange={(key) => setFilters({ scope: key as DocumentScope })}
            items={DOCUMENT_SCOPES.filter((sc) => sc !== 'all' && (sc !== 'folder' || selected)).map((sc) => ({
              id: sc,
              label: sc === 'folder' && selected ? selected.name : t(`documents.circulation.tabs.${sc}`),
              content,
            }))}
          />
        </section>
      </div>
      {prompt ? (
        <FolderNamePrompt
          isOpen
          onOpenChange={(open) => (open ? undefined : setPrompt(null))}
          title={prompt.mode === 'create' ? t('documents.folders.createTitle') : t('documents.folders.renameTitle')}
          label={t('documents.folders.nameLabel')}
          submitLabel={prompt.mode === 'create' ? t('documents.folders.create') : t('documents.folders.save')}
          cancelLabel={t('cancel')}
          messages={nameMessages}
          validate={folderNameFlags}
          defaultValue={prompt.mode === 'rename' ? prompt.name : ''}
          onSubmit={async (name) => {
            try {
              if (prompt.mode === 'create') {
                const folder = await createFolder.mutateAsync({ name, parentId: prompt.parentId });
                setFilters({ folderId: folder.id, scope: 'folder' });
              } else {
                await updateFolder.mutateAsync({ id: prompt.id, name });
              }
            } catch (error) {
              toast.show({ title: documentsErrorText(t, error), variant: 'error' });
              throw error;
            }
          }}
        />
      ) : null}
      <PermissionsDialog folder={permissionsOpen ? selected : null} onClose={() => setPermissionsOpen(false)} />
      <NewDocumentDialog folder={newDocOpen ? selected : null} onClose={() => setNewDocOpen(false)} />
      <BinDialog isOpen={binOpen} onClose={() => setBinOpen(false)} />
      <MoveDialog item={moveFolder && selected ? { kind: 'folder', id: selected.id, name: selected.name, parentId: selected.parentId } : null} folders={folders} onClose={() => setMoveFolder(false)} />
      <ConfirmDialog
        title={t('documents.folders.delete')}
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        confirmLabel={t('documents.folders.delete')}
        cancelLabel={t('cancel')}
        onConfirm={async () => {
          if (!selected) return;
          await deleteFolder.mutateAsync(selected.id);
          setFilters({ folderId: null, scope: 'unfinished' });
        }}
      >
        {t('documents.folders.deleteConfirm', { name: selected?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
