import { useTranslation } from 'react-i18next';
import type { DocumentFolder } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { documentsErrorText } from '../shared/errors';
import { FolderTree } from './FolderTree';
import { useMoveItem } from './move-item';
import * as p from '../../shared/page.css';
import * as s from '../shared/documents.css';

/** What the folder panel's toolbar asks of the page. */
export type FolderAction = 'newFolder' | 'newSubfolder' | 'rename' | 'permissions' | 'move' | 'delete';

/**
 * The circulation page's folder card: the tree the caller may read (loading and empty states; a
 * document or folder dropped onto a folder moves there, a refusal shown as a toast) and the
 * toolbar — new folder (`canCreateRoot`), new subfolder (write), rename, move and delete (manage),
 * permissions — for the `selected` folder as its level allows.
 */
export function FolderPanel({ folders, selected, isPending, isSuccess, canCreateRoot, onSelect, onAction }: { folders: DocumentFolder[]; selected: DocumentFolder | null; isPending: boolean; isSuccess: boolean; canCreateRoot: boolean; onSelect: (id: number) => void; onAction: (action: FolderAction) => void }) {
  const { t } = useTranslation();
  const moveItem = useMoveItem();
  const canWrite = selected?.level === 'write' || selected?.level === 'manage';
  const canManage = selected?.level === 'manage';
  const tool = (action: FolderAction, label: string, shown: boolean, variant: 'secondary' | 'ghost' = 'secondary') =>
    shown ? (
      <Button size="sm" variant={variant} onPress={() => onAction(action)}>
        {label}
      </Button>
    ) : null;
  return (
    <section className={p.card} aria-labelledby="documents-folders-heading">
      <h2 id="documents-folders-heading" className={p.cardTitle}>
        {t('documents.folders.label')}
      </h2>
      {isPending ? <p className={s.muted}>{t('loading')}</p> : null}
      {isSuccess && folders.length === 0 ? <p className={s.muted}>{t('documents.folders.empty')}</p> : null}
      <FolderTree
        folders={folders}
        selectedId={selected?.id ?? null}
        label={t('documents.folders.label')}
        onSelect={onSelect}
        onDropItem={(item, folder) => void moveItem.run(item, folder).catch((e: unknown) => toast.show({ title: documentsErrorText(t, e), variant: 'error' }))}
      />
      <p className={s.muted}>{t('documents.move.dragHint')}</p>
      <div className={s.toolbar}>
        {tool('newFolder', t('documents.folders.newFolder'), canCreateRoot)}
        {tool('newSubfolder', t('documents.folders.newSubfolder'), !!selected && canWrite)}
        {tool('rename', t('documents.folders.rename'), !!selected && canManage)}
        {tool('permissions', t('documents.folders.permissions'), !!selected)}
        {tool('move', t('documents.move.folder'), !!selected && canManage)}
        {tool('delete', t('documents.folders.delete'), !!selected && canManage, 'ghost')}
      </div>
    </section>
  );
}
