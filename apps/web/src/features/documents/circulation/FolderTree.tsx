import type { DocumentFolder } from '@servicedesk/contracts';
import * as s from '../shared/documents.css';

/** The folders by parent (null = the root of what the caller sees), each level sorted as the server sent it. */
export function childrenOf(folders: DocumentFolder[]): Map<number | null, DocumentFolder[]> {
  const map = new Map<number | null, DocumentFolder[]>();
  for (const folder of folders) map.set(folder.parentId, [...(map.get(folder.parentId) ?? []), folder]);
  return map;
}

/**
 * The folder tree of document circulation: nested lists of buttons; the chosen folder carries
 * aria-current, each shows its live document count. Keyboard: Tab through the folders, Enter or
 * Space chooses one.
 */
export function FolderTree({
  folders,
  selectedId,
  onSelect,
  label,
}: {
  folders: DocumentFolder[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  label: string;
}) {
  const byParent = childrenOf(folders);
  const level = (parentId: number | null, depth: number) => (
    <ul className={depth === 0 ? s.tree : s.subtree} aria-label={depth === 0 ? label : undefined}>
      {(byParent.get(parentId) ?? []).map((folder) => (
        <li key={folder.id}>
          <button type="button" className={s.folderButton} aria-current={folder.id === selectedId ? 'true' : undefined} onClick={() => onSelect(folder.id)}>
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
