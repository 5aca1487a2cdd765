import {
  Button as RACButton,
  DateInput,
  DateRangePicker as RACDateRangePicker,
  DateSegment,
  Group,
  composeRenderProps,
  type DateRangePickerProps as RACDateRangePickerProps,
  type DateValue,
  type ValidationResult,
} from 'react-aria-components';
import { CalendarPopover, toDate, type WeekDay } from '../DatePicker/calendar';
import * as styles from '../DatePicker/DatePicker.css';
import { Icon } from '../Icon';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';

/** A date range as ISO "YYYY-MM-DD" strings, both ends inclusive. */
export interface IsoDateRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps extends Omit<
  RACDateRangePickerProps<DateValue>,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue'
> {
  /** Visible label, already translated. */
  label: string;
  /** Selected range (controlled); null for none. @default undefined */
  value?: IsoDateRange | null;
  /** Initial range (uncontrolled). @default undefined */
  defaultValue?: IsoDateRange | null;
  /** Called with the ISO range, or null when cleared. */
  onChange?: (value: IsoDateRange | null) => void;
  /** Earliest selectable ISO date. @default undefined */
  minValue?: string;
  /** Latest selectable ISO date. @default undefined */
  maxValue?: string;
  /** First day of the calendar week; the app passes 'mon' for az. @default the locale's */
  firstDayOfWeek?: WeekDay;
  /** Accessible name of the calendar button. */
  openCalendarLabel: string;
  /** Accessible names of the month buttons. @default RAC's localized "Previous"/"Next" */
  previousMonthLabel?: string;
  nextMonthLabel?: string;
  /** Help text. @default undefined */
  description?: string;
  /** Error text when invalid (e.g. end before start). @default undefined (RAC's message) */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

function toRange(r: IsoDateRange | null | undefined) {
  if (r === undefined) return undefined;
  if (r === null) return null;
  return { start: toDate(r.start)!, end: toDate(r.end)! };
}

/**
 * A start–end date field with a range calendar popover (RAC DateRangePicker). Values are ISO
 * date strings; an end before the start is invalid (RAC). Week start from `firstDayOfWeek`.
 */
export function DateRangePicker({
  label,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  firstDayOfWeek,
  openCalendarLabel,
  previousMonthLabel,
  nextMonthLabel,
  description,
  errorMessage,
  className,
  ...props
}: DateRangePickerProps) {
  return (
    <RACDateRangePicker
      {...props}
      value={toRange(value)}
      defaultValue={toRange(defaultValue)}
      onChange={(r) =>
        onChange?.(
          r ? { start: r.start.toString().slice(0, 10), end: r.end.toString().slice(0, 10) } : null,
        )
      }
      minValue={toDate(minValue)}
      maxValue={toDate(maxValue)}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        <DateInput slot="start" className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <span aria-hidden="true" className={styles.dash}>
          –
        </span>
        <DateInput slot="end" className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <RACButton className={styles.trigger} aria-label={openCalendarLabel}>
          <Icon name="calendar" size="sm" />
        </RACButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover
        mode="range"
        firstDayOfWeek={firstDayOfWeek}
        previousLabel={previousMonthLabel}
        nextLabel={nextMonthLabel}
      />
    </RACDateRangePicker>
  );
}
