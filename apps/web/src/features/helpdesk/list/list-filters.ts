import {
  HELPDESK_LIST_SCOPES,
  HELPDESK_OPEN_STATUSES,
  HELPDESK_PRIORITIES,
  HELPDESK_SORT_FIELDS,
  HELPDESK_STATUSES,
  isOneOf,
  type HelpdeskListQuery,
  type HelpdeskListScope,
  type HelpdeskPriorityCode,
  type HelpdeskStatus,
} from '@servicedesk/contracts';
import type { DataTableState } from '@servicedesk/ui/DataTable';
import { filtersKey, loadFilters, saveFilters } from '../../shared/filter-memory';
import { tableKeys } from '../../shared/data-table';

/** The filter-memory key of the help-desk list (SPEC §2 "Named list screens": help-desk requests). */
export const HELPDESK_TABLE_KEY = tableKeys.helpdeskRequests;
/** Where the server-side filters (view, status, …) are remembered, next to the table's own state. */
export const HELPDESK_FILTERS_KEY = filtersKey(HELPDESK_TABLE_KEY);

/**
 * What the filter bar above the list sets (asked from the server, not filtered in the loaded
 * rows): the view, a status (`open` = every open status), a priority, a category, an assignee,
 * a creation date range (ISO days, inclusive) and "overdue only".
 */
export interface HelpdeskListFilters {
  view: HelpdeskListScope;
  status: 'any' | 'open' | HelpdeskStatus;
  priority: 'any' | HelpdeskPriorityCode;
  categoryId: number | null;
  assigneeId: number | null;
  dateFrom: string | null;
  dateTo: string | null;
  overdue: boolean;
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Reads remembered filters field by field: anything unknown or malformed falls back to its default. */
export function parseListFilters(saved: Record<string, unknown>): HelpdeskListFilters {
  const { view, status, priority } = saved;
  return {
    view: isOneOf(HELPDESK_LIST_SCOPES, view) ? view : 'mine',
    status: status === 'open' ? 'open' : isOneOf(HELPDESK_STATUSES, status) ? status : 'any',
    priority: isOneOf(HELPDESK_PRIORITIES, priority) ? priority : 'any',
    categoryId: isId(saved.categoryId) ? saved.categoryId : null,
    assigneeId: isId(saved.assigneeId) ? saved.assigneeId : null,
    dateFrom: isDay(saved.dateFrom) ? saved.dateFrom : null,
    dateTo: isDay(saved.dateTo) ? saved.dateTo : null,
    overdue: saved.overdue === true,
  };
}

/** No filter: my requests, any status, priority, category, assignee and date. */
export const defaultListFilters: HelpdeskListFilters = {
  view: 'mine',
  status: 'any',
  priority: 'any',
  categoryId: null,
  assigneeId: null,
  dateFrom: null,
  dateTo: null,
  overdue: false,
};

/** Whether any filter besides the view is set (shows "Clear filters"). */
export function hasFilters(f: HelpdeskListFilters): boolean {
  return (
    f.status !== 'any' || f.priority !== 'any' || f.categoryId !== null || f.assigneeId !== null || f.dateFrom !== null || f.dateTo !== null || f.overdue
  );
}

/** The remembered filters (localStorage `sd.tableFilters` under `helpdeskRequests.filters`), or the defaults. */
export function loadListFilters(storage: Storage | undefined = globalThis.localStorage): HelpdeskListFilters {
  return loadFilters(HELPDESK_FILTERS_KEY, parseListFilters, defaultListFilters, storage);
}

/** Remembers the filters next to the table states (a full or missing storage is ignored). */
export function saveListFilters(filters: HelpdeskListFilters, storage: Storage | undefined = globalThis.localStorage): void {
  saveFilters(HELPDESK_FILTERS_KEY, filters, storage);
}

/** The first instant of a local day `YYYY-MM-DD`, or of the day after it (`endOfDay`), as an ISO instant. */
export function localDayInstant(day: string, endOfDay = false): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d + (endOfDay ? 1 : 0));
  if (endOfDay) at.setMilliseconds(-1);
  return at.toISOString();
}

/**
 * The grid call of the filters and the table state: the view and the filter bar, the table's
 * search box (the server matches number, title and requester) and its sort where the server
 * can sort by that column (else newest first; the table still sorts the loaded rows itself).
 */
export function toGridQuery(
  filters: HelpdeskListFilters,
  table: Pick<DataTableState, 'search' | 'sorting'>,
  allowedViews: readonly HelpdeskListScope[],
): Omit<HelpdeskListQuery, 'skip'> {
  const scope = allowedViews.includes(filters.view) ? filters.view : 'mine';
  const sort = table.sorting[0]?.id;
  const search = table.search.trim().slice(0, 100);
  return {
    scope,
    ...(filters.status === 'open' ? { status: [...HELPDESK_OPEN_STATUSES] } : filters.status !== 'any' ? { status: [filters.status] } : {}),
    ...(filters.priority !== 'any' ? { priority: [filters.priority] } : {}),
    ...(filters.categoryId !== null ? { categoryId: filters.categoryId } : {}),
    ...(filters.assigneeId !== null ? { assigneeId: filters.assigneeId } : {}),
    ...(filters.dateFrom ? { dateFrom: localDayInstant(filters.dateFrom) } : {}),
    ...(filters.dateTo ? { dateTo: localDayInstant(filters.dateTo, true) } : {}),
    ...(filters.overdue ? { overdue: true } : {}),
    ...(search ? { search } : {}),
    ...(isOneOf(HELPDESK_SORT_FIELDS, sort) ? { sort, sortDir: table.sorting[0]?.desc ? 'desc' : 'asc' } : {}),
    take: 100,
  };
}
