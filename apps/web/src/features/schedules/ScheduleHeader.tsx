import { useTranslation } from 'react-i18next';
import type { ScheduleGroups, ScheduleMonth } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { NativeSelectField } from '../shared/native-fields';
import * as p from '../shared/page.css';
import { exportMonthXlsx } from './export-month';
import { monthRows, monthTitle, shiftMonth } from './schedule-model';
import * as s from './schedules.css';

/**
 * The schedule page's heading and its bar: the group (a choice only when the caller has more
 * than one), the month with previous / next, and — once the month has loaded (`data`) — its XLSX
 * export and the print view (a PDF for signing through the browser's print dialog).
 */
export function ScheduleHeader({
  groups,
  groupId,
  onGroupChange,
  month,
  onMonthChange,
  data,
}: {
  groups: ScheduleGroups | undefined;
  groupId: number | null;
  onGroupChange: (id: number) => void;
  month: string;
  onMonthChange: (month: string) => void;
  data: ScheduleMonth | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={s.header}>
      <h1 className={p.heading}>{t('schedules.title')}</h1>
      <div className={s.toolbar}>
        {groups && groups.length > 1 ? (
          <NativeSelectField
            label={t('schedules.group')}
            value={groupId ?? ''}
            onChange={(e) => onGroupChange(Number(e.target.value))}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
          />
        ) : null}
        <Button
          variant="secondary"
          onPress={() => onMonthChange(shiftMonth(month, -1))}
          aria-label={t('schedules.previousMonth')}
        >
          ‹
        </Button>
        <span className={s.monthName} aria-live="polite" data-testid="schedule-month">
          {monthTitle(month, i18n.language)}
        </span>
        <Button
          variant="secondary"
          onPress={() => onMonthChange(shiftMonth(month, 1))}
          aria-label={t('schedules.nextMonth')}
        >
          ›
        </Button>
        {data ? (
          <>
            <Button
              variant="secondary"
              onPress={() => void exportMonthXlsx(data, monthRows(data, t))}
            >
              {t('schedules.exportXlsx')}
            </Button>
            <Button variant="secondary" onPress={() => window.print()}>
              {t('schedules.print')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
