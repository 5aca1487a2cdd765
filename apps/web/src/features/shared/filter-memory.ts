import { useCallback, useState } from 'react';
import { TABLE_FILTERS_STORAGE_KEY } from '@servicedesk/ui/DataTable/storage';

/*
 * Filter memory (SPEC §2 "Named list screens … remember their table filters under their own
 * key", §3 "table filter cache"; issue #11 one generic filter memory): a list's server-side
 * filters (view, status, …) are kept in localStorage `sd.tableFilters` under
 * `<tableKey>.filters`, next to the table's own state (search, sort, grouping) under `<tableKey>`
 * (data-table.ts `tableKeys`). Any module's list uses it with its key, its defaults and a parser.
 */

/** The memory key of a list's filters: `<tableKey>.filters`. */
export const filtersKey = (tableKey: string): string => `${tableKey}.filters`;

/** How a list reads its remembered filters: field by field, anything unknown or malformed → its default. */
export type FilterParser<F> = (saved: Record<string, unknown>) => F;

const readAll = (storage: Storage | undefined): Record<string, unknown> => {
  const parsed: unknown = JSON.parse(storage?.getItem(TABLE_FILTERS_STORAGE_KEY) ?? '{}');
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
};

/** The filters remembered under `key` (see {@link filtersKey}), parsed; `defaults` when none or unreadable. */
export function loadFilters<F>(key: string, parse: FilterParser<F>, defaults: F, storage: Storage | undefined = globalThis.localStorage): F {
  try {
    const saved = readAll(storage)[key];
    return saved && typeof saved === 'object' ? parse(saved as Record<string, unknown>) : defaults;
  } catch {
    return defaults;
  }
}

/** Remembers `filters` under `key`, keeping the other lists' entries (a full or missing storage is ignored). */
export function saveFilters<F>(key: string, filters: F, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(TABLE_FILTERS_STORAGE_KEY, JSON.stringify({ ...readAll(storage), [key]: filters }));
  } catch {
    // Filters are a convenience, not data.
  }
}

/**
 * A list's filters, remembered under `key`: starts from memory (or `defaults`), and every change
 * (`setFilters(partial)`) is kept at once — the list opens next time as it was left.
 */
export function useFilterMemory<F extends object>(key: string, parse: FilterParser<F>, defaults: F): [F, (change: Partial<F>) => void] {
  const [filters, setState] = useState<F>(() => loadFilters(key, parse, defaults));
  const setFilters = useCallback(
    (change: Partial<F>) =>
      setState((old) => {
        const next = { ...old, ...change };
        saveFilters(key, next);
        return next;
      }),
    [key],
  );
  return [filters, setFilters];
}
