import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as RACButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Dialog,
  Heading,
  Popover,
  RangeCalendar,
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

/** What the two pickers pass to their calendar popover. */
export interface CalendarPopoverProps {
  /** 'single' (DatePicker, RAC Calendar) or 'range' (DateRangePicker, RAC RangeCalendar). */
  mode: 'single' | 'range';
  /** First day of the week. @default the locale's */
  firstDayOfWeek?: WeekDay | undefined;
  /** Accessible name of the previous-month button. @default RAC's localized "Previous" */
  previousLabel?: string | undefined;
  /** Accessible name of the next-month button. @default RAC's localized "Next" */
  nextLabel?: string | undefined;
}

/**
 * The calendar popover of DatePicker and DateRangePicker (one markup for both): a RAC Popover
 * with a Dialog holding a Calendar or RangeCalendar and the shared month header and day grid.
 * Must sit inside the RAC picker, which provides the popover's trigger and the values.
 */
export function CalendarPopover({
  mode,
  firstDayOfWeek,
  previousLabel,
  nextLabel,
}: CalendarPopoverProps) {
  const body = <CalendarBody previousLabel={previousLabel} nextLabel={nextLabel} />;
  return (
    <Popover className={styles.popover}>
      <Dialog>
        {mode === 'range' ? (
          <RangeCalendar firstDayOfWeek={firstDayOfWeek}>{body}</RangeCalendar>
        ) : (
          <Calendar firstDayOfWeek={firstDayOfWeek}>{body}</Calendar>
        )}
      </Dialog>
    </Popover>
  );
}
