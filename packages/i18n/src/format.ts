import { defaultLanguage, isLanguageCode, type LanguageCode } from './languages';

/*
 * Locale formats (SPEC §1: az manat with weeks starting Monday, tr lira, ru ruble; en is
 * supported and, having no currency of its own in the spec, shows manat like az).
 *
 * Money is always passed in MINOR units (qəpik, kuruş, kopek, cent) as an integer, the way
 * the server stores it, so no float ever carries an amount: formatMoney(1050, 'az') → "10,50 ₼".
 */

const currencies: Record<LanguageCode, string> = { az: 'AZN', en: 'AZN', ru: 'RUB', tr: 'TRY' };
const minorDigits = 2;

function code(lang: string): LanguageCode {
  return isLanguageCode(lang) ? lang : defaultLanguage;
}

/** The BCP 47 locale used for Intl formatting of an interface language (unknown → az). */
export function localeFor(lang: string): string {
  return code(lang);
}

/** ISO 4217 currency shown for an interface language: az AZN, tr TRY, ru RUB, en AZN. */
export function currencyFor(lang: string): string {
  return currencies[code(lang)];
}

/**
 * Formats an amount given in minor currency units (integer, e.g. qəpik) with the currency
 * of the language, or the `currency` given (ISO 4217, still in its minor units).
 * Examples: (123450, 'az') → "1.234,50 ₼"; (123450, 'ru') → "1 234,50 ₽"; (123450, 'tr') → "₺1.234,50".
 */
export function formatMoney(
  minorUnits: number,
  lang: string,
  currency: string = currencyFor(lang),
): string {
  return new Intl.NumberFormat(localeFor(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: minorDigits,
    maximumFractionDigits: minorDigits,
  }).format(minorUnits / 10 ** minorDigits);
}

/** Formats a plain number with the language's grouping and decimal separators. */
export function formatNumber(
  value: number,
  lang: string,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(localeFor(lang), options).format(value);
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * Formats a date (Date, ISO-8601 string or epoch milliseconds) as day, short month and year
 * in the viewer's time zone unless `options.timeZone` says otherwise: az "5 yan 2026".
 */
export function formatDate(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'medium', ...options }).format(
    toDate(value),
  );
}

/** Formats a date with its time (24-hour for every supported language): az "5 yan 2026 14:07". */
export function formatDateTime(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(localeFor(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...options,
  }).format(toDate(value));
}

/** Formats the time of day as HH:mm (SPEC §4: chat message times). */
export function formatTime(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(localeFor(lang), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...options,
  }).format(toDate(value));
}

interface WeekInfo {
  firstDay: number;
}

/**
 * First day of the week as 0 (Sunday) … 6 (Saturday), the date-fns / react-aria convention.
 * az is Monday by the spec (SPEC §1); the others follow Intl's week data (en Sunday, ru and
 * tr Monday), falling back to Monday where the runtime has no week data.
 */
export function weekStartsOn(lang: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const lng = code(lang);
  if (lng === 'az') return 1;
  const locale = new Intl.Locale(lng) as Intl.Locale & {
    getWeekInfo?: () => WeekInfo;
    weekInfo?: WeekInfo;
  };
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  if (!info) return 1;
  return (info.firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}
