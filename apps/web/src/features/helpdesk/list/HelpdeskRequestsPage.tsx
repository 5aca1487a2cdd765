import { memo, useCallback, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  HELPDESK_PRIORITIES,
  HELPDESK_STATUSES,
  type HelpdeskListQuery,
  type HelpdeskListRow,
  type HelpdeskListScope,
  type HelpdeskPriorityCode,
  type HelpdeskStatus,
} from '@servicedesk/contracts';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { useRequestsGridPages } from '@servicedesk/api/helpdesk/get-requests-grid';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { DateRangePicker } from '../../shared/lazy-fields';
import { Icon } from '@servicedesk/ui/Icon';
import { Select } from '@servicedesk/ui/Select';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableStorage } from '../../shared/data-table';
import { firstDayOfWeek, numericDateTime } from '../../shared/format';
import { storage } from '../../../session/storage';
import { priorityKey, statusFamilies, statusKey } from '../shared/helpdesk-display';
import { useLiveRecords } from '../../../realtime/live-records';
import { useFilterMemory } from '../../shared/filter-memory';
import {
  HELPDESK_FILTERS_KEY,
  HELPDESK_TABLE_KEY,
  defaultListFilters,
  hasFilters,
  parseListFilters,
  toGridQuery,
  type HelpdeskListFilters,
} from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from '../../shared/list-page.css';
import { useMediaQuery } from '../../shared/use-media-query';
import { ListRowCount } from '../../shared/ListRowCount';

const ANY = 'any';

/**
 * The views the signed-in user may use: their own requests always; assigned to them and their
 * groups' queue when they are in a group (lead or member) or may take requests; every request
 * only with `helpdesk.requests.viewAll`; without it, "involving me" (all three together) where
 * that differs from their own (what the user may not use is not shown).
 */
export function availableViews(inGroup: boolean, can: (key: string) => boolean): HelpdeskListScope[] {
  const takesPart = inGroup || can('helpdesk.requests.repair');
  const all = can('helpdesk.requests.viewAll');
  return [
    'mine',
    ...(takesPart ? (['assigned'] as const) : []),
    ...(inGroup ? (['queue'] as const) : []),
    ...(takesPart && !all ? (['involved'] as const) : []),
    ...(all ? (['all'] as const) : []),
  ];
}

/**
 * /home/helpdesk/requests (issue #6 "Lists", SPEC §2 named list "help-desk requests"): the
 * views My requests / Assigned to me / My group's queue / All (by permission), a filter bar
 * asked from the server (status, priority, category, assignee, creation dates, overdue only),
 * the DataTable under the `helpdeskRequests` filter memory key with the saved column order
 * (Layout/UpdateTableOrder/helpdeskRequests) and CSV/XLSX export; the table's search and sort
 * go to the server too. Overdue rows carry a red mark in the number and due columns. A
 * help-desk notification over the hub refreshes the list live; "New request" shows with
 * `helpdesk.requests.create`.
 */
export function HelpdeskRequestsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('helpdesk.requests');
  const reference = useHelpdeskReference();
  const [me] = useState(() => storage.getUser()?.id ?? 0);
  const [filters, setFilters] = useFilterMemory(HELPDESK_FILTERS_KEY, parseListFilters, defaultListFilters);
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(HELPDESK_TABLE_KEY) ?? emptyTableState);
  const search = useDebounced(table.search, 300);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterBarId = useId();
  useLiveRecords();

  const groups = reference.data?.groups;
  const inGroup = groups?.some((g) => g.leadId === me || g.members.some((m) => m.id === me)) ?? false;
  // The same views (and the same query) keep the same objects when another answer re-renders the page,
  // so the memoised table below does not re-render with them.
  const viewList = availableViews(inGroup, can).join(',');
  const views = useMemo(() => viewList.split(',') as HelpdeskListScope[], [viewList]);
  const view = views.includes(filters.view) ? filters.view : 'mine';
  const query = useSameValue(useMemo(() => toGridQuery(filters, { search, sorting: table.sorting }, views), [filters, search, table.sorting, views]));
  const lang = i18n.language;

  const assignees = useMemo(() => {
    const byId = new Map<number, string>();
    for (const g of groups ?? []) for (const m of g.members) byId.set(m.id, m.name);
    return [...byId].map(([id, name]) => ({ id: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label, lang));
  }, [groups, lang]);

  const columns = useMemo<DataTableColumn<HelpdeskListRow>[]>(
    () => [
      {
        columnName: 'number',
        header: t('helpdesk.columns.number'),
        minWidth: 190,
        render: (_value, row) => (
          <span className={s.numberCell}>
            <RouterLink className={s.numberLink} to={`/home/helpdesk/requests/${row.id}`}>
              {row.number}
            </RouterLink>
            {row.overdue ? (
              <span className={s.overdueMark}>
                <Icon name="alert" size="sm" label={t('helpdesk.overdue')} />
              </span>
            ) : null}
          </span>
        ),
      },
      { columnName: 'title', header: t('helpdesk.columns.title'), minWidth: 280 },
      {
        columnName: 'status',
        header: t('helpdesk.columns.status'),
        type: 'status',
        accessor: (row) => statusKey(row.status),
        translate: true,
        statusVariant: (value) => statusFamilies[String(value).split('.').pop() as HelpdeskStatus] ?? 'neutral',
        minWidth: 160,
      },
      {
        columnName: 'priority',
        header: t('helpdesk.columns.priority'),
        type: 'status',
        accessor: (row) => priorityKey(row.priority),
        translate: true,
        statusVariant: (value) => {
          const code = String(value).split('.').pop();
          return code === 'critical' ? 'danger' : code === 'high' ? 'warning' : 'neutral';
        },
        minWidth: 140,
      },
      { columnName: 'categoryName', header: t('helpdesk.columns.category'), minWidth: 180 },
      { columnName: 'componentName', header: t('helpdesk.columns.component'), minWidth: 200 },
      { columnName: 'requesterName', header: t('helpdesk.columns.requester'), type: 'user', minWidth: 200 },
      { columnName: 'assigneeName', header: t('helpdesk.columns.assignee'), type: 'user', minWidth: 200 },
      { columnName: 'groupName', header: t('helpdesk.columns.group'), minWidth: 160, hidden: true },
      {
        columnName: 'dueAt',
        header: t('helpdesk.columns.dueAt'),
        type: 'dateTime',
        minWidth: 200,
        render: (_value, row) => (
          <span className={s.dueCell}>
            <span>{formatDateTime(row.dueAt, lang, numericDateTime)}</span>
            {row.overdue ? <span className={s.overdueText}>{t('helpdesk.overdue')}</span> : null}
          </span>
        ),
      },
      { columnName: 'createdAt', header: t('helpdesk.columns.createdAt'), type: 'dateTime', minWidth: 180 },
      { columnName: 'updatedAt', header: t('helpdesk.columns.updatedAt'), type: 'dateTime', minWidth: 180, hidden: true },
    ],
    [t, lang],
  );

  const content = (
    <div>
      <div className={s.filterToggle}>
        <Button size="sm" variant="secondary" aria-expanded={filtersOpen} aria-controls={filterBarId} onPress={() => setFiltersOpen((open) => !open)}>
          {hasFilters(filters) ? t('helpdesk.filters.toggleActive') : t('helpdesk.filters.label')}
        </Button>
      </div>
      <HelpdeskFilterBar id={filterBarId} open={filtersOpen} filters={filters} setFilters={setFilters} categories={reference.data?.categories} assignees={assignees} />
      <RequestsTable query={query} filtered={hasFilters(filters)} columns={columns} onStateChange={setTable} />
    </div>
  );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('helpdesk.list.title')}</h1>
          <p className={p.lead}>{t('helpdesk.list.description')}</p>
        </div>
        {can('helpdesk.requests.create') ? (
          <Button onPress={() => void navigate('/home/helpdesk/requests/new')}>{t('helpdesk.list.newRequest')}</Button>
        ) : null}
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <Tabs
          ariaLabel={t('helpdesk.views.label')}
          selectedKey={view}
          onSelectionChange={(key) => setFilters({ view: key as HelpdeskListScope })}
          items={views.map((v) => ({ id: v, label: t(`helpdesk.views.${v}`), content }))}
        />
      </section>
    </div>
  );
}

/**
 * The filter bar (status, priority, category, assignee, creation dates, overdue only). Memoised:
 * it re-renders when the filters or the reference lists change, not with the list's answers.
 */
const HelpdeskFilterBar = memo(function HelpdeskFilterBar({
  id,
  open,
  filters,
  setFilters,
  categories,
  assignees,
}: {
  id: string;
  open: boolean;
  filters: HelpdeskListFilters;
  setFilters: (change: Partial<HelpdeskListFilters>) => void;
  categories: { id: number; name: string }[] | undefined;
  assignees: { id: string; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // Folded on a phone: the bar is hidden (CSS), so its fields are not rendered either — the date range
  // picker and four selects were a long task of every list load on phones (issue #19).
  const folded = useMediaQuery(s.phoneFilters) && !open;
  if (folded) return <div id={id} className={s.filterBar} role="group" aria-label={t('helpdesk.filters.label')} />;
  const statusItems = [
    { id: ANY, label: t('helpdesk.filters.anyStatus') },
    { id: 'open', label: t('helpdesk.filters.openStatuses') },
    ...HELPDESK_STATUSES.map((st) => ({ id: st, label: t(statusKey(st)) })),
  ];
  const priorityItems = [{ id: ANY, label: t('helpdesk.filters.anyPriority') }, ...HELPDESK_PRIORITIES.map((pr) => ({ id: pr, label: t(priorityKey(pr)) }))];
  const categoryItems = [{ id: ANY, label: t('helpdesk.filters.anyCategory') }, ...(categories ?? []).map((c) => ({ id: String(c.id), label: c.name }))];
  const assigneeItems = [{ id: ANY, label: t('helpdesk.filters.anyAssignee') }, ...assignees];
  return (
    <div id={id} className={s.filterBar} data-open={open || undefined} role="group" aria-label={t('helpdesk.filters.label')}>
      <Select
        label={t('helpdesk.columns.status')}
        items={statusItems}
        selectedKey={filters.status}
        onSelectionChange={(key) => setFilters({ status: String(key ?? ANY) as HelpdeskListFilters['status'] })}
      />
      <Select
        label={t('helpdesk.columns.priority')}
        items={priorityItems}
        selectedKey={filters.priority}
        onSelectionChange={(key) => setFilters({ priority: String(key ?? ANY) as 'any' | HelpdeskPriorityCode })}
      />
      <Select
        label={t('helpdesk.columns.category')}
        items={categoryItems}
        selectedKey={filters.categoryId === null ? ANY : String(filters.categoryId)}
        onSelectionChange={(key) => setFilters({ categoryId: key === null || key === ANY ? null : Number(key) })}
      />
      <Select
        label={t('helpdesk.columns.assignee')}
        items={assigneeItems}
        selectedKey={filters.assigneeId === null ? ANY : String(filters.assigneeId)}
        onSelectionChange={(key) => setFilters({ assigneeId: key === null || key === ANY ? null : Number(key) })}
      />
      <div className={s.wide}>
        <DateRangePicker
          label={t('helpdesk.filters.created')}
          value={filters.dateFrom && filters.dateTo ? { start: filters.dateFrom, end: filters.dateTo } : null}
          onChange={(range) => setFilters({ dateFrom: range?.start ?? null, dateTo: range?.end ?? null })}
          firstDayOfWeek={firstDayOfWeek(lang)}
          openCalendarLabel={t('helpdesk.filters.openCalendar')}
        />
      </div>
      <div className={s.filterActions}>
        <label className={s.check}>
          <input className={s.checkbox} type="checkbox" checked={filters.overdue} onChange={(e) => setFilters({ overdue: e.target.checked })} />
          {t('helpdesk.filters.overdueOnly')}
        </label>
        {hasFilters(filters) ? (
          <Button size="sm" variant="ghost" onPress={() => setFilters({ ...defaultListFilters, view: filters.view })}>
            {t('helpdesk.filters.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
});

/** `value`, or the previous one while it is equal in content (a query body: plain JSON). */
function useSameValue<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept !== value && JSON.stringify(kept) !== JSON.stringify(value)) {
    setKept(value);
    return value;
  }
  return kept;
}

const rowId = (row: HelpdeskListRow) => String(row.id);

/**
 * The requests grid and its row count: the list query lives here, so its answers (the first
 * page, each next page, a live refresh) re-render the table alone — not the page's header,
 * tabs and filter bar (issue #19: on a phone each of those renders was a long task).
 */
const RequestsTable = memo(function RequestsTable({
  query,
  filtered,
  columns,
  onStateChange,
}: {
  query: Omit<HelpdeskListQuery, 'skip'>;
  /** Whether the filter bar narrows the rows (the empty table then says nothing matches). */
  filtered: boolean;
  columns: DataTableColumn<HelpdeskListRow>[];
  onStateChange: (state: DataTableState) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useRequestsGridPages(query);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const capped = list.data?.pages[0]?.totalCapped ?? false;
  const onRowAction = useCallback((row: HelpdeskListRow) => void navigate(`/home/helpdesk/requests/${row.id}`), [navigate]);
  return (
    <>
      {list.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <AppDataTable
          tableKey={HELPDESK_TABLE_KEY}
          aria-label={t('helpdesk.list.tableLabel')}
          data={rows}
          columns={columns}
          getRowId={rowId}
          onStateChange={onStateChange}
          isLoading={list.isPending}
          filtered={filtered}
          onRowAction={onRowAction}
          {...infinitePages(list)}
          exportFileName={t('helpdesk.list.exportName')}
          height="min(70vh, 640px)"
        />
      )}
      <ListRowCount shown={rows.length} total={total} capped={capped} />
    </>
  );
});
