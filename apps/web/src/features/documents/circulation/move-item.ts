import { useTranslation } from 'react-i18next';
import type { DocumentFolder } from '@servicedesk/contracts';
import { useMoveDocument } from '@servicedesk/api/documents/documents';
import { useUpdateFolder } from '@servicedesk/api/documents/folders';
import { toast } from '@servicedesk/ui/Toast';

/*
 * Moving a document or a folder (issue #41): what is moved, where it may go, the move itself — shared
 * by the Move dialog (the keyboard's way) and a drop on the folder tree.
 */

/** What is moved: a document (from its folder) or a folder (from its parent). */
export type MoveItem = { kind: 'document'; id: number; name: string; folderId: number | null } | { kind: 'folder'; id: number; name: string; parentId: number | null };

/** The folders `item` may go to: those the caller writes to, never its own place, and for a folder never itself or one under it. */
export function moveTargets(item: MoveItem, folders: readonly DocumentFolder[]): DocumentFolder[] {
  const below = new Set<number>();
  if (item.kind === 'folder') {
    below.add(item.id);
    let grew = true;
    while (grew) {
      grew = false;
      for (const f of folders) {
        if (f.parentId !== null && below.has(f.parentId) && !below.has(f.id)) {
          below.add(f.id);
          grew = true;
        }
      }
    }
  }
  const here = item.kind === 'document' ? item.folderId : item.parentId;
  return folders.filter((f) => (f.level === 'write' || f.level === 'manage') && !below.has(f.id) && f.id !== here);
}

/** Moves `item` into `folder` (the dialog and a drop on the tree); a toast says where it went. */
export function useMoveItem() {
  const { t } = useTranslation();
  const moveDocument = useMoveDocument();
  const updateFolder = useUpdateFolder();
  return {
    isPending: moveDocument.isPending || updateFolder.isPending,
    run: async (item: MoveItem, folder: DocumentFolder) => {
      if (item.kind === 'document') await moveDocument.mutateAsync({ id: item.id, folderId: folder.id });
      else await updateFolder.mutateAsync({ id: item.id, parentId: folder.id });
      toast.show({ title: t('documents.move.moved', { name: item.name, folder: folder.name }), variant: 'success' });
    },
  };
}

/** The drag's data type: a moved item as JSON (documents' rows and folders are dragged onto the tree). */
export const MOVE_DRAG_TYPE = 'application/x-servicedesk-move';
