import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as RACButton,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import * as styles from './DatePicker.css';

/** First day of the week as RAC names it; the app passes 'mon' for az (SPEC §9 via i18n weekStartsOn). */
export type WeekDay = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/** "2026-11-22" → CalendarDate; null/undefined/'' → null (undefined stays undefined for "uncontrolled"). */
export function toDate(iso: string | null | undefined): CalendarDate | null | undefined {
  if (iso === undefined) return undefined;
  if (iso === null || iso === '') return null;
  return parseDate(iso);
}

/** The month header and day grid shared by Calendar and RangeCalendar. */
export function CalendarBody({
  previousLabel,
  nextLabel,
}: {
  previousLabel?: string | undefined;
  nextLabel?: string | undefined;
}) {
  return (
    <>
      <header className={styles.calendarHeader}>
        <RACButton slot="previous" className={styles.navButton} aria-label={previousLabel}>
          ‹
        </RACButton>
        <Heading className={styles.heading} />
        <RACButton slot="next" className={styles.navButton} aria-label={nextLabel}>
          ›
        </RACButton>
      </header>
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className={styles.headerCell}>{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => <CalendarCell date={date} className={styles.cell} />}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}
