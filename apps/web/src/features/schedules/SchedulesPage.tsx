import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  LEAVE_KINDS,
  SCHEDULE_KINDS,
  type ScheduleKind,
  type ScheduleMonth,
} from '@servicedesk/contracts';
import {
  useLeaveList,
  useRequestLeave,
  useScheduleEdits,
  useScheduleGroups,
  useScheduleMonth,
} from '@servicedesk/api/schedules/schedules';
import { formatDate, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { ScheduleGrid, type ScheduleGridPosition } from '@servicedesk/ui/ScheduleGrid';
import { toast } from '@servicedesk/ui/Toast';
import { saveBlob } from '../shared/files/use-file-download';
import {
  gridCells,
  gridDays,
  mondayOf,
  monthRows,
  paintValue,
  selectionSummary,
  shiftMonth,
  weeksAfter,
} from './schedule-model';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './schedules.css';
import { HolidayCalendar, LeaveBalances, ShiftTemplates, refusal } from './leave-extras';

/** The month as an .xlsx file (write-excel-file, loaded on first use). */
async function exportXlsx(month: ScheduleMonth, rows: string[][]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = rows.map((row, r) =>
    row.map((value) => ({
      value,
      type: String,
      fontWeight: r === 0 ? ('bold' as const) : undefined,
    })),
  );
  const blob = await writeXlsxFile(data, {
    columns: [{ width: 28 }, ...month.days.map(() => ({ width: 7 }))],
  }).toBlob();
  saveBlob(blob, `${month.groupName} ${month.month}.xlsx`);
}

/** The lead's tools: what to paint (kind, shift), paint/clear the selection, copy its week, a 2-on-2-off pattern, the minimum. */
function useToolbar(month: ScheduleMonth, selection: ScheduleGridPosition[]) {
  const { t, i18n } = useTranslation();
  const edits = useScheduleEdits();
  const [kind, setKind] = useState<ScheduleKind>('work');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('18:00');
  const [min, setMin] = useState(String(month.minCoverage));
  const busy = edits.paint.isPending || edits.copyWeek.isPending || edits.pattern.isPending;
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
  const paint = (cells: ScheduleGridPosition[], clear = false) => {
    if (cells.length === 0) return;
    edits.paint.mutate(
      {
        groupId: month.groupId,
        cells: cells.map((c) => ({ userId: Number(c.personId), day: c.day })),
        value: clear ? null : paintValue(kind, start, end),
      },
      { onError },
    );
  };
  const { userIds, from } = selectionSummary(selection);
  const shift = kind === 'work' || kind === 'remote';
  return {
    paint,
    element: (
      <>
        <div className={s.toolbar} role="group" aria-label={t('schedules.toolbar')}>
          <label className={s.field}>
            {t('schedules.kind')}
            <select
              className={s.input}
              value={kind}
              onChange={(e) => setKind(e.target.value as ScheduleKind)}
            >
              {SCHEDULE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`schedules.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.field}>
            {t('schedules.shiftStart')}
            <input
              className={s.input}
              type="time"
              value={start}
              disabled={!shift}
              onChange={(e) => setStart(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('schedules.shiftEnd')}
            <input
              className={s.input}
              type="time"
              value={end}
              disabled={!shift}
              onChange={(e) => setEnd(e.target.value)}
            />
          </label>
          <Button
            onPress={() => paint(selection)}
            isDisabled={selection.length === 0}
            isPending={edits.paint.isPending}
          >
            {t('schedules.paint', { n: formatNumber(selection.length, i18n.language) })}
          </Button>
          <Button
            variant="secondary"
            onPress={() => paint(selection, true)}
            isDisabled={selection.length === 0 || busy}
          >
            {t('schedules.clear')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={!from || busy}
            isPending={edits.copyWeek.isPending}
            onPress={() => {
              if (!from) return;
              const weekStart = mondayOf(from);
              edits.copyWeek.mutate(
                { groupId: month.groupId, weekStart, weeks: weeksAfter(weekStart, month) },
                {
                  onSuccess: () => toast.show({ title: t('schedules.copied'), variant: 'success' }),
                  onError,
                },
              );
            }}
          >
            {t('schedules.copyWeek')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={!from || userIds.length === 0 || busy}
            isPending={edits.pattern.isPending}
            onPress={() => {
              if (!from) return;
              const on = paintValue(kind, start, end);
              edits.pattern.mutate(
                {
                  groupId: month.groupId,
                  userIds,
                  from,
                  to: month.days[month.days.length - 1]!.day,
                  pattern: [
                    on,
                    on,
                    { kind: 'dayOff', startMinute: null, endMinute: null },
                    { kind: 'dayOff', startMinute: null, endMinute: null },
                  ],
                },
                {
                  onSuccess: () =>
                    toast.show({ title: t('schedules.patternApplied'), variant: 'success' }),
                  onError,
                },
              );
            }}
          >
            {t('schedules.pattern')}
          </Button>
          <form
            className={s.inline}
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              const value = Number(min);
              if (Number.isInteger(value) && value >= 0)
                edits.settings.mutate({ groupId: month.groupId, minCoverage: value }, { onError });
            }}
          >
            <label className={s.field}>
              {t('schedules.minCoverage')}
              <input
                className={s.input}
                type="number"
                min={0}
                max={1000}
                value={min}
                onChange={(e) => setMin(e.target.value)}
                style={{ width: '5rem' }}
              />
            </label>
            <Button type="submit" variant="secondary" isPending={edits.settings.isPending}>
              {t('schedules.save')}
            </Button>
          </form>
        </div>
        <ShiftTemplates
          month={month}
          value={paintValue(kind, start, end)}
          userIds={userIds}
          from={from}
        />
      </>
    ),
  };
}

/** The grid with, for the lead, the toolbar (Enter paints, Delete clears). */
function MonthView({ month }: { month: ScheduleMonth }) {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState<ScheduleGridPosition[]>([]);
  const toolbar = useToolbar(month, selection);
  const days = useMemo(() => gridDays(month, i18n.language), [month, i18n.language]);
  const cells = useMemo(() => gridCells(month, t), [month, t]);
  const people = useMemo(
    () =>
      month.people.map((person) => ({
        id: person.id,
        name: person.name,
        detail: person.isLead ? t('schedules.lead') : (person.positionName ?? undefined),
      })),
    [month.people, t],
  );
  const under = month.coverage.filter(
    (c, i) => c < month.minCoverage && !(month.days[i]!.weekend || month.days[i]!.holiday),
  ).length;
  return (
    <>
      {month.canEdit ? toolbar.element : null}
      {under > 0 ? (
        <p className={f.error} role="status" data-testid="coverage-warning">
          {t('schedules.underWarning', {
            n: formatNumber(under, i18n.language),
            min: formatNumber(month.minCoverage, i18n.language),
          })}
        </p>
      ) : null}
      <ScheduleGrid
        label={`${month.groupName}, ${formatDate(`${month.month}-15T12:00:00Z`, i18n.language, { dateStyle: undefined, month: 'long', year: 'numeric', timeZone: 'UTC' })}`}
        peopleHeader={t('schedules.person')}
        days={days}
        people={people}
        cells={cells}
        coverage={{
          values: month.coverage,
          min: month.minCoverage,
          label: t('schedules.coverage'),
          underLabel: (v, m) => t('schedules.underDay', { n: v, min: m }),
        }}
        onSelectionChange={setSelection}
        onActivate={month.canEdit ? (c) => toolbar.paint(c) : undefined}
        onClear={month.canEdit ? (c) => toolbar.paint(c, true) : undefined}
      />
      <ul className={s.legend} aria-label={t('schedules.legend')}>
        {SCHEDULE_KINDS.map((k) => (
          <li key={k}>
            <span className={`${s.swatch} ${s.kindSwatch[k]}`} aria-hidden="true" />
            {t(`schedules.short.${k}`)} — {t(`schedules.kinds.${k}`)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Ask for leave": a member's request to the group's lead, and the list of mine (or, for the lead, the group's). */
function Leave({ groupId, isLead }: { groupId: number; isLead: boolean }) {
  const { t, i18n } = useTranslation();
  const mine = useLeaveList(isLead ? groupId : null);
  const ask = useRequestLeave();
  const [kind, setKind] = useState<(typeof LEAVE_KINDS)[number]>('vacation');
  const [startDay, setStartDay] = useState('');
  const [endDay, setEndDay] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startDay || !endDay) return;
    ask.mutate(
      { groupId, kind, startDay, endDay, reason: reason.trim() || null },
      {
        onSuccess: () => {
          toast.show({ title: t('schedules.leave.sent'), variant: 'success' });
          setStartDay('');
          setEndDay('');
          setReason('');
        },
        onError: (error) =>
          toast.show({ title: refusal(t, error, i18n.language), variant: 'error' }),
      },
    );
  };
  return (
    <section className={p.card} aria-labelledby="leave-title">
      <h2 id="leave-title" className={p.cardTitle}>
        {isLead ? t('schedules.leave.teamTitle') : t('schedules.leave.title')}
      </h2>
      {!isLead ? (
        <form className={s.toolbar} onSubmit={submit}>
          <label className={s.field}>
            {t('schedules.leave.kind')}
            <select
              className={s.input}
              value={kind}
              onChange={(e) => setKind(e.target.value as (typeof LEAVE_KINDS)[number])}
            >
              {LEAVE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`schedules.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.field}>
            {t('schedules.leave.from')}
            <input
              className={s.input}
              type="date"
              required
              value={startDay}
              onChange={(e) => setStartDay(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('schedules.leave.to')}
            <input
              className={s.input}
              type="date"
              required
              value={endDay}
              min={startDay || undefined}
              onChange={(e) => setEndDay(e.target.value)}
            />
          </label>
          <label className={s.field}>
            {t('schedules.leave.reason')}
            <input
              className={s.input}
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <Button type="submit" isPending={ask.isPending} isDisabled={!startDay || !endDay}>
            {t('schedules.leave.ask')}
          </Button>
        </form>
      ) : null}
      <LeaveBalances groupId={groupId} isLead={isLead} year={new Date().getFullYear()} />
      {mine.data && mine.data.length > 0 ? (
        <div className={s.scroll}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('schedules.person')}</th>
                <th scope="col">{t('schedules.leave.kind')}</th>
                <th scope="col">{t('schedules.leave.days')}</th>
                <th scope="col">{t('schedules.leave.status')}</th>
              </tr>
            </thead>
            <tbody>
              {mine.data.map((l) => (
                <tr key={l.id} data-testid="leave-row" data-start={l.startDay}>
                  <td>
                    <Link to={`/home/schedules/leave/${l.id}`}>{l.user.name}</Link>
                  </td>
                  <td>{t(`schedules.kinds.${l.kind}`)}</td>
                  <td>
                    {formatDate(`${l.startDay}T12:00:00Z`, i18n.language, { timeZone: 'UTC' })} –{' '}
                    {formatDate(`${l.endDay}T12:00:00Z`, i18n.language, { timeZone: 'UTC' })} (
                    {formatNumber(l.days, i18n.language)})
                  </td>
                  <td>{t(`schedules.leave.statuses.${l.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={p.muted}>{t('schedules.leave.none')}</p>
      )}
    </section>
  );
}

/**
 * /home/schedules (issue #18; SPEC §7 "staff schedules"): a group's month — people as rows, days
 * as columns, weekends and holidays shaded, per-day coverage with a warning under the group's
 * minimum — with, for its lead, painting by mouse drag or keyboard (Shift+arrows, Enter, Delete),
 * copying a week to the rest of the month and a 2-on-2-off pattern; the XLSX export and a print
 * view (PDF for signing); leave requests (members ask, the lead decides on its page). Live: a
 * change of the schedule or a leave request refetches (RecordChanged "leaveRequest").
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
      <div className={s.header}>
        <h1 className={p.heading}>{t('schedules.title')}</h1>
        <div className={s.toolbar}>
          {groups.data && groups.data.length > 1 ? (
            <label className={s.field}>
              {t('schedules.group')}
              <select
                className={s.input}
                value={current ?? ''}
                onChange={(e) => setGroupId(Number(e.target.value))}
              >
                {groups.data.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button
            variant="secondary"
            onPress={() => setMonth((m) => shiftMonth(m, -1))}
            aria-label={t('schedules.previousMonth')}
          >
            ‹
          </Button>
          <span className={s.monthName} aria-live="polite" data-testid="schedule-month">
            {formatDate(`${month}-15T12:00:00Z`, i18n.language, {
              dateStyle: undefined,
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            })}
          </span>
          <Button
            variant="secondary"
            onPress={() => setMonth((m) => shiftMonth(m, 1))}
            aria-label={t('schedules.nextMonth')}
          >
            ›
          </Button>
          {data ? (
            <>
              <Button variant="secondary" onPress={() => void exportXlsx(data, monthRows(data, t))}>
                {t('schedules.exportXlsx')}
              </Button>
              <Button variant="secondary" onPress={() => window.print()}>
                {t('schedules.print')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
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
      {current !== null ? <Leave groupId={current} isLead={group?.canEdit ?? false} /> : null}
      <HolidayCalendar year={Number(month.slice(0, 4))} />
    </div>
  );
}
