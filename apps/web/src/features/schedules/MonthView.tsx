import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_KINDS, type ScheduleMonth } from '@servicedesk/contracts';
import { formatNumber } from '@servicedesk/i18n';
import { ScheduleGrid, type ScheduleGridPosition } from '@servicedesk/ui/ScheduleGrid';
import * as f from '../shared/forms.css';
import { gridCells, gridDays, monthTitle } from './schedule-model';
import { ScheduleToolbar } from './ScheduleToolbar';
import { usePaintTool } from './use-paint-tool';
import * as s from './schedules.css';

/** Working days (not weekend, not a day off) of `month` with fewer people present than its minimum. */
const daysUnderMinimum = (month: ScheduleMonth): number =>
  month.coverage.filter(
    (c, i) => c < month.minCoverage && !(month.days[i]!.weekend || month.days[i]!.holiday),
  ).length;

/**
 * A group's month (issue #18): the grid — people as rows, days as columns, weekends and holidays
 * shaded, the coverage per day — with a warning when working days fall under the minimum, the
 * kinds' legend, and for the lead (`month.canEdit`) the toolbar; Enter paints the selection and
 * Delete clears it.
 */
export function MonthView({ month }: { month: ScheduleMonth }) {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState<ScheduleGridPosition[]>([]);
  const tool = usePaintTool(month);
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
  const under = daysUnderMinimum(month);
  return (
    <>
      {month.canEdit ? <ScheduleToolbar month={month} selection={selection} tool={tool} /> : null}
      {under > 0 ? (
        <p className={f.error} role="status" data-testid="coverage-warning">
          {t('schedules.underWarning', {
            n: formatNumber(under, i18n.language),
            min: formatNumber(month.minCoverage, i18n.language),
          })}
        </p>
      ) : null}
      <ScheduleGrid
        label={`${month.groupName}, ${monthTitle(month.month, i18n.language)}`}
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
        onActivate={month.canEdit ? (c) => tool.paint(c) : undefined}
        onClear={month.canEdit ? (c) => tool.paint(c, true) : undefined}
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
