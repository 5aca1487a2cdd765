import {
  EQUIPMENT_SORT_FIELDS,
  EQUIPMENT_STATUSES,
  isOneOf,
  type EquipmentListQuery,
  type EquipmentStatus,
} from '@servicedesk/contracts';
import type { DataTableState } from '@servicedesk/ui/DataTable';

/**
 * What the filter bar of an equipment list sets (asked from the server): the view (`mine` |
 * `all` on the requests list; `queue` | `processed` | `all` on processing) and a status.
 * Remembered per list under its SPEC §2 key (`<key>.filters` in `sd.tableFilters`).
 */
export interface EquipmentListFilters {
  view: string;
  status: 'any' | EquipmentStatus;
}

/** Reads remembered filters field by field; anything malformed falls back to `defaults`. */
export const parseFilters =
  (views: readonly string[], defaults: EquipmentListFilters) =>
  (saved: Record<string, unknown>): EquipmentListFilters => {
    const { status } = saved;
    return {
      view:
        typeof saved.view === 'string' && views.includes(saved.view) ? saved.view : defaults.view,
      status: isOneOf(EQUIPMENT_STATUSES, status) ? status : 'any',
    };
  };

/**
 * The grid call of the filters and the table state. The processing list's views map onto the
 * `processing` scope: `queue` = APPROVED (waiting for the warehouse), `processed` = PROCESSED.
 */
export function toGridQuery(
  filters: EquipmentListFilters,
  table: Pick<DataTableState, 'search' | 'sorting'>,
): Omit<EquipmentListQuery, 'skip'> {
  const sort = table.sorting[0]?.id;
  const search = table.search.trim().slice(0, 100);
  const processing = filters.view === 'queue' || filters.view === 'processed';
  const status: EquipmentStatus[] | undefined =
    filters.view === 'queue'
      ? ['APPROVED']
      : filters.view === 'processed'
        ? ['PROCESSED']
        : filters.status !== 'any'
          ? [filters.status]
          : undefined;
  return {
    scope: processing ? 'processing' : filters.view === 'all' ? 'all' : 'mine',
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
    ...(isOneOf(EQUIPMENT_SORT_FIELDS, sort) ? { sort, sortDir: table.sorting[0]?.desc ? 'desc' : 'asc' } : {}),
    take: 100,
  };
}
