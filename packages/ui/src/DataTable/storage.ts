/*
 * Filter memory (SPEC §2 "Named list screens"): each named list keeps its filters under its
 * own key and gets them back after a reload and on the next visit.
 */
import { useCallback, useState } from 'react';
import { emptyTableState, type DataTableState, type DataTableStorage } from './types';

/** The localStorage entry that holds every table's state, keyed by table key. */
export const TABLE_FILTERS_STORAGE_KEY = 'sd.tableFilters';

function isState(value: unknown): value is DataTableState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<DataTableState>;
  return (
    typeof v.filters === 'object' &&
    v.filters !== null &&
    typeof v.search === 'string' &&
    Array.isArray(v.sorting) &&
    (v.groupBy === null || typeof v.groupBy === 'string')
  );
}

/**
 * A DataTableStorage in Web Storage: one JSON object `{ [tableKey]: DataTableState }` under
 * `storageKey` (default `sd.tableFilters`). Unreadable or malformed entries read as undefined;
 * a full or missing storage (private mode) is ignored, the table then simply forgets.
 */
export function createWebTableStorage(
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
  storageKey: string = TABLE_FILTERS_STORAGE_KEY,
): DataTableStorage {
  const readAll = (): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(storageKey) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return {
    get(key) {
      const value = readAll()[key];
      return isState(value) ? value : undefined;
    },
    set(key, state) {
      try {
        storage?.setItem(storageKey, JSON.stringify({ ...readAll(), [key]: state }));
      } catch {
        // Quota exceeded or storage disabled: filters are a convenience, not data.
      }
    },
  };
}

/**
 * A table state kept in `storage` under `key`: starts from the saved state (or the empty one)
 * and saves every change. Returns `[state, setState]` like useState. Without a key or storage
 * it is plain component state.
 */
export function useStoredTableState(
  key: string | undefined,
  storage: DataTableStorage | undefined,
  initial: DataTableState = emptyTableState,
): [DataTableState, (next: DataTableState) => void] {
  const [state, setState] = useState<DataTableState>(
    () => (key && storage ? storage.get(key) : undefined) ?? initial,
  );
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    // Another table key (same component, another list): load that table's state.
    setLoadedKey(key);
    setState((key && storage ? storage.get(key) : undefined) ?? initial);
  }
  const update = useCallback(
    (next: DataTableState) => {
      setState(next);
      if (key && storage) storage.set(key, next);
    },
    [key, storage],
  );
  return [state, update];
}
