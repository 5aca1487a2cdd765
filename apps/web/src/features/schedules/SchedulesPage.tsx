import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScheduleGroups, useScheduleMonth } from '@servicedesk/api/schedules/schedules';
import * as f from '../shared/forms.css';
import * as p from '../shared/page.css';
import { HolidayCalendar } from './HolidayCalendar';
import { LeaveSection } from './LeaveSection';
import { MonthView } from './MonthView';
import { refusal } from './refusal';
import { ScheduleHeader } from './ScheduleHeader';

/**
 * /home/schedules (issue #18; SPEC §7 "staff schedules"): a group's month — people as rows, days
 * as columns, weekends and holidays shaded, per-day coverage with a warning under the group's
 * minimum — with, for its lead, painting by mouse drag or keyboard (Shift+arrows, Enter, Delete),
 * copying a week to the rest of the month and a 2-on-2-off pattern; the XLSX export and a print
 * view (PDF for signing); leave requests (members ask, the lead decides on its page); the year's
 * holiday calendar. Live: a change of the schedule or a leave request refetches (RecordChanged
 * "leaveRequest"). The parts: ScheduleHeader, MonthView (grid + ScheduleToolbar), LeaveSection,
 * HolidayCalendar.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const groups = useScheduleGroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const current = groupId ?? groups.data?.[0]?.id ?? null;
  const query = useScheduleMonth(current, month);
  const data = query.data;
  const group = groups.data?.find((g) => g.id === current);
  return (
    <div className={p.page} style={{ maxWidth: 'none' }}>
      <ScheduleHeader
        groups={groups.data}
        groupId={current}
        onGroupChange={setGroupId}
        month={month}
        onMonthChange={setMonth}
        data={data}
      />
      {groups.isSuccess && groups.data.length === 0 ? (
        <p className={p.muted}>{t('schedules.noGroup')}</p>
      ) : null}
      {query.isError ? (
        <p className={f.error} role="alert">
          {refusal(t, query.error, i18n.language)}
        </p>
      ) : null}
      {data ? (
        <div
          data-testid="schedule-view"
          data-month={data.month}
          aria-busy={query.isPlaceholderData}
        >
          <MonthView key={`${data.groupId}:${data.month}`} month={data} />
        </div>
      ) : current !== null && !query.isError ? (
        <p className={p.muted}>{t('loading')}</p>
      ) : null}
      {current !== null ? (
        <LeaveSection groupId={current} isLead={group?.canEdit ?? false} />
      ) : null}
      <HolidayCalendar year={Number(month.slice(0, 4))} />
    </div>
  );
}
