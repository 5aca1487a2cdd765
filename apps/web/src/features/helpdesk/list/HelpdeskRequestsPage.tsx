import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskListScope } from '@servicedesk/contracts';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { tableStorage } from '../../shared/data-table';
import { storage } from '../../../session/storage';
import { useLiveRecords } from '../../../realtime/live-records';
import { useFilterMemory } from '../../shared/filter-memory';
import { HELPDESK_FILTERS_KEY, HELPDESK_TABLE_KEY, defaultListFilters, hasFilters, parseListFilters, toGridQuery } from './list-filters';
import { useDebounced } from '../../shared/use-debounced';
import { HelpdeskFilterBar } from './HelpdeskFilterBar';
import { RequestsTable } from './RequestsTable';
import { useRequestColumns } from './use-request-columns';
import { useSameValue } from './use-same-value';
import { availableViews } from './views';
import * as p from '../../shared/page.css';
import * as s from '../../shared/list-page.css';

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

  const columns = useRequestColumns();

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

