import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { HELPDESK_PRIORITIES, HELPDESK_STATUSES, type HelpdeskPriorityCode } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { Select } from '@servicedesk/ui/Select';
import { DateRangePicker } from '../../shared/lazy-fields';
import { firstDayOfWeek } from '../../shared/format';
import { useMediaQuery } from '../../shared/use-media-query';
import { priorityKey, statusKey } from '../shared/helpdesk-display';
import { defaultListFilters, hasFilters, type HelpdeskListFilters } from './list-filters';
import * as s from '../../shared/list-page.css';

const ANY = 'any';

/**
 * The filter bar (status, priority, category, assignee, creation dates, overdue only). Memoised:
 * it re-renders when the filters or the reference lists change, not with the list's answers.
 */
export const HelpdeskFilterBar = memo(function HelpdeskFilterBar({
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
