import { useState, type DragEvent } from 'react';
import type { DocumentFolder } from '@servicedesk/contracts';
import { MOVE_DRAG_TYPE, type MoveItem } from './move-item';
import * as s from '../shared/documents.css';

/** The folders by parent (null = the root of what the caller sees), each level sorted as the server sent it. */
export function childrenOf(folders: DocumentFolder[]): Map<number | null, DocumentFolder[]> {
  const map = new Map<number | null, DocumentFolder[]>();
  for (const folder of folders) map.set(folder.parentId, [...(map.get(folder.parentId) ?? []), folder]);
  return map;
}

/** The moved item a drag carries, or null (another drag: a file, a text). */
export function dragItem(event: DragEvent): MoveItem | null {
  try {
    return JSON.parse(event.dataTransfer.getData(MOVE_DRAG_TYPE)) as MoveItem;
  } catch {
    return null;
  }
}

/**
 * The folder tree of document circulation: nested lists of buttons; the chosen folder carries
 * aria-current, each shows its live document count. Keyboard: Tab through the folders, Enter or
 * Space chooses one. With `onDropItem` (issue #41) a folder the caller may write to takes a document
 * row or another folder dropped on it, and a folder the caller manages can be dragged; the
 * keyboard's way is the Move dialog.
 */
export function FolderTree({
  folders,
  selectedId,
  onSelect,
  label,
  onDropItem,
}: {
  folders: DocumentFolder[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  label: string;
  onDropItem?: (item: MoveItem, folder: DocumentFolder) => void;
}) {
  const byParent = childrenOf(folders);
  const [over, setOver] = useState<number | null>(null);
  const writable = (f: DocumentFolder) => f.level === 'write' || f.level === 'manage';
  const level = (parentId: number | null, depth: number) => (
    <ul className={depth === 0 ? s.tree : s.subtree} aria-label={depth === 0 ? label : undefined}>
      {(byParent.get(parentId) ?? []).map((folder) => (
        <li key={folder.id}>
          <button
            type="button"
            className={s.folderButton}
            aria-current={folder.id === selectedId ? 'true' : undefined}
            data-drop-target={over === folder.id ? 'true' : undefined}
            onClick={() => onSelect(folder.id)}
            draggable={onDropItem !== undefined && folder.level === 'manage'}
            onDragStart={(e) => e.dataTransfer.setData(MOVE_DRAG_TYPE, JSON.stringify({ kind: 'folder', id: folder.id, name: folder.name, parentId: folder.parentId } satisfies MoveItem))}
            onDragOver={(e) => {
              if (!onDropItem || !writable(folder) || !e.dataTransfer.types.includes(MOVE_DRAG_TYPE)) return;
              e.preventDefault();
              setOver(folder.id);
            }}
            onDragLeave={() => setOver((id) => (id === folder.id ? null : id))}
            onDrop={(e) => {
              setOver(null);
              const item = dragItem(e);
              if (!onDropItem || !item || (item.kind === 'folder' && item.id === folder.id)) return;
              e.preventDefault();
              onDropItem(item, folder);
            }}
          >
            <span>{folder.name}</span>
            <span className={s.count}>{folder.documentCount}</span>
          </button>
          {byParent.has(folder.id) ? level(folder.id, depth + 1) : null}
        </li>
      ))}
    </ul>
  );
  return level(null, 0);
}
