import { weekStartsOn } from '@servicedesk/i18n';
/**
 * Numeric date-time options (22.11.2026, 00:16 in az; 11/22/2026, 00:16 in en), for tables and
 * cards: compact and aligned, 24-hour in every language like formatDateTime's own default (these
 * options replace its fields, so the hour cycle is named here too, or en would read "12:16 AM").
 * Chosen when Chromium's ICU wrote "M11" for az months; since main.tsx installs the az formats
 * (packages/i18n/src/intl-az.ts) month names read right too, and digits stay the tables' style.
 */
export const numericDateTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * Numeric date options (22.11.2026 in az), as above. `dateStyle` is unset because
 * formatDate defaults to a dateStyle, which Intl refuses to combine with year/month/day.
 */
export const numericDate: Intl.DateTimeFormatOptions = { dateStyle: undefined, year: 'numeric', month: '2-digit', day: '2-digit' };

const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The calendar's first day of the week in `lang` (SPEC: az starts on Monday; others from Intl), for the date pickers. */
export const firstDayOfWeek = (lang: string): (typeof WEEK_DAYS)[number] => WEEK_DAYS[weekStartsOn(lang as Parameters<typeof weekStartsOn>[0])];
