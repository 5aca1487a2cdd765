import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_SCOPES, type DocumentScope } from '@servicedesk/contracts';
import { useDeleteFolder, useFolderTree } from '@servicedesk/api/documents/folders';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { emptyTableState, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { tableStorage } from '../../shared/data-table';
import { useFilterMemory } from '../../shared/filter-memory';
import { useLiveRecords } from '../../../realtime/live-records';
import { CIRCULATION_FILTERS_KEY, SCOPE_TABLE_KEYS, defaultCirculationFilters, parseCirculationFilters } from './circulation-filters';
import { FolderPanel, type FolderAction } from './FolderPanel';
import { FolderNameDialog, type FolderPrompt } from './FolderNameDialog';
import { useCirculationList } from './use-circulation-list';
import { CirculationList } from './CirculationList';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';
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


/**
 * /home/documents/circulation (issue #15; SPEC §2 "document circulation (unfinished, just
 * finished, just finished for vendor invoice)", the folder-name prompt): the folder tree the
 * caller may read (new folder / subfolder with the SPEC §5 name rule, rename, permissions,
 * delete to the bin — as their level allows), and the lists — each under its own filter-memory
 * key — plus the chosen folder's documents; the table's search is the server's full-text search
 * over titles and file text. New document in a folder the caller may write to; the recycle bin.
 */
export function CirculationPage() {
  const { t } = useTranslation();
  const { can } = usePagePermissions('documents.circulation');
  const tree = useFolderTree();
  const [filters, setFilters] = useFilterMemory(CIRCULATION_FILTERS_KEY, parseCirculationFilters, defaultCirculationFilters);
  const tableKey = SCOPE_TABLE_KEYS[filters.scope];
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(tableKey) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const [prompt, setPrompt] = useState<FolderPrompt | null>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [newDocOpen, setNewDocOpen] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveFolder, setMoveFolder] = useState(false);
  const deleteFolder = useDeleteFolder();
  useLiveRecords();

  const folders = useMemo(() => tree.data?.folders ?? [], [tree.data]);
  const selected = folders.find((f) => f.id === filters.folderId) ?? null;
  const scope: DocumentScope = filters.scope === 'folder' && !selected ? 'unfinished' : filters.scope;
  const result = useCirculationList(scope, selected, table, search, tree.isSuccess);
  const canWrite = selected?.level === 'write' || selected?.level === 'manage';
  const onFolderAction = (action: FolderAction) => {
    if (action === 'newFolder') setPrompt({ mode: 'create', parentId: null });
    else if (!selected) return;
    else if (action === 'newSubfolder') setPrompt({ mode: 'create', parentId: selected.id });
    else if (action === 'rename') setPrompt({ mode: 'rename', id: selected.id, name: selected.name });
    else if (action === 'permissions') setPermissionsOpen(true);
    else if (action === 'move') setMoveFolder(true);
    else setConfirmDelete(true);
  };

  const content = <CirculationList tableKey={tableKey} scope={scope} search={search} result={result} onStateChange={setTable} />;

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
        <FolderPanel
          folders={folders}
          selected={selected}
          isPending={tree.isPending}
          isSuccess={tree.isSuccess}
          canCreateRoot={!!tree.data?.canCreateRoot}
          onSelect={(id) => setFilters({ folderId: id, scope: 'folder' })}
          onAction={onFolderAction}
        />
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
      {prompt ? <FolderNameDialog prompt={prompt} onClose={() => setPrompt(null)} onCreated={(id) => setFilters({ folderId: id, scope: 'folder' })} /> : null}
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
