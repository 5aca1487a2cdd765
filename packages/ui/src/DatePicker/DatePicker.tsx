import {
  Button as RACButton,
  DateInput,
  DatePicker as RACDatePicker,
  DateSegment,
  Group,
  composeRenderProps,
  type DatePickerProps as RACDatePickerProps,
  type DateValue,
  type ValidationResult,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import { CalendarPopover, toDate, type WeekDay } from './calendar';
import * as styles from './DatePicker.css';

export type { WeekDay } from './calendar';

export interface DatePickerProps extends Omit<
  RACDatePickerProps<DateValue>,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue'
> {
  /** Visible label, already translated. */
  label: string;
  /** Selected date as ISO "YYYY-MM-DD", null for none (controlled). @default undefined */
  value?: string | null;
  /** Initial date as ISO "YYYY-MM-DD" (uncontrolled). @default undefined */
  defaultValue?: string | null;
  /** Called with the ISO date, or null when cleared. */
  onChange?: (value: string | null) => void;
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
  /** Error text when invalid. @default undefined (RAC's message) */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/**
 * A date field with a calendar popover (RAC DatePicker): typed segment by segment or picked in
 * the calendar, formatted in the page locale (wrap in RAC I18nProvider to force one). Values
 * are ISO date strings, so callers need no date library.
 */
export function DatePicker({
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
}: DatePickerProps) {
  return (
    <RACDatePicker
      {...props}
      value={toDate(value)}
      defaultValue={toDate(defaultValue)}
      onChange={(d) => onChange?.(d ? d.toString().slice(0, 10) : null)}
      minValue={toDate(minValue)}
      maxValue={toDate(maxValue)}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        <DateInput className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <RACButton className={styles.trigger} aria-label={openCalendarLabel}>
          <Icon name="calendar" size="sm" />
        </RACButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover
        mode="single"
        firstDayOfWeek={firstDayOfWeek}
        previousLabel={previousMonthLabel}
        nextLabel={nextMonthLabel}
      />
    </RACDatePicker>
  );
}
