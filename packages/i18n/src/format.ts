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

/*
 * Formatter cache. Building an Intl.DateTimeFormat or Intl.NumberFormat costs tens of
 * microseconds (ICU loads the locale's patterns), formatting with a built one about a
 * microsecond; a long list calls these helpers thousands of times with a handful of distinct
 * (locale, options) pairs. So each helper reuses one formatter per pair.
 *
 * Shape: WeakMap<Intl constructor, Map<"locale|options key", formatter>>. Keyed on the
 * constructor *as it is now*, because `installAzIntlFallback()` (intl-az.ts) and Playwright's
 * clock replace `Intl.DateTimeFormat` / `Intl.NumberFormat`: a formatter built before a swap is
 * never handed out after it, and the old constructor's map goes with it. Each map holds at
 * most MAX_FORMATTERS entries and drops the oldest one first (Map keeps insertion order).
 *
 * What a formatter fixes when it is built: the locale and the options — both in the key — and,
 * when `timeZone` is not given, the runtime's default time zone at that moment (a page keeps
 * its zone; Playwright sets `timezoneId` per browser context, before the page loads). It holds
 * no current time: every helper passes the date to `format`.
 */

/** The most formatters kept per constructor; the app uses a few dozen (locale × options) pairs. */
const MAX_FORMATTERS = 64;

type FormatterConstructor<F> = new (locale: string, options: object) => F;

const formatters = new WeakMap<object, Map<string, unknown>>();

/**
 * A stable text of the options Intl will read: own properties, sorted, `undefined` ones left
 * out (Intl reads them as absent), strings quoted so `true` and `'true'` differ. `null` — not
 * cached — when a value is not a string, number or boolean, or the object is not a plain one
 * (Intl would read inherited options too).
 */
function optionsKey(options: object): string | null {
  if (Object.getPrototypeOf(options) !== Object.prototype) return null;
  const entries = Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let key = '';
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const type = typeof value;
    if (type === 'string') key += `${name}=${JSON.stringify(value)};`;
    else if (type === 'number' || type === 'boolean') key += `${name}=${String(value)};`;
    else return null;
  }
  return key;
}

/** The cached formatter built by `Ctor` for `locale` and `options` (see the comment above). */
function cachedFormatter<F>(Ctor: FormatterConstructor<F>, locale: string, options: object): F {
  const optionsText = optionsKey(options);
  if (optionsText === null) return new Ctor(locale, options);
  let cache = formatters.get(Ctor);
  if (!cache) {
    cache = new Map();
    formatters.set(Ctor, cache);
  }
  const key = `${locale}|${optionsText}`;
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = new Ctor(locale, options);
    if (cache.size >= MAX_FORMATTERS) cache.delete(cache.keys().next().value!);
    cache.set(key, formatter);
  }
  return formatter;
}

/** The Intl.NumberFormat of `lang` with `options`, built once per (constructor, locale, options). */
function numberFormat(lang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedFormatter<Intl.NumberFormat>(Intl.NumberFormat, localeFor(lang), options);
}

/**
 * The Intl.DateTimeFormat of `lang` with `defaults` overridden by `options` (an option set to
 * `undefined` removes a default, as `dateStyle: undefined` does for field-by-field dates).
 */
function dateTimeFormat(
  lang: string,
  defaults: Intl.DateTimeFormatOptions,
  options: Intl.DateTimeFormatOptions | undefined,
  styleAware = false,
): Intl.DateTimeFormat {
  return cachedFormatter<Intl.DateTimeFormat>(
    Intl.DateTimeFormat,
    localeFor(lang),
    styleAware ? withOptions(defaults, options) : options ? { ...defaults, ...options } : defaults,
  );
}

const timeOfDay: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * An amount in minor currency units (integer, e.g. qəpik) as a number of major units (manat):
 * 123450 → 1234.5. For a list's money column (DataTable `type: 'money'`): it sorts, is searched
 * and exported (CSV text, XLSX number) as the amount the user reads, not as qəpik.
 */
export function toMajorUnits(minorUnits: number): number {
  return minorUnits / 10 ** minorDigits;
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
  return numberFormat(lang, {
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
  return numberFormat(lang, options).format(value);
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/*
 * Dates and times: one formatter per field type, the same on every screen, list, export and PDF.
 *
 * - A DATE-ONLY value (a contract's start, a leave day, an invoice date, a substitution's first
 *   day) is a calendar date, carried as `YYYY-MM-DD` from the database to the screen. It is never
 *   turned into an instant: "2026-12-01" reads 01.12.2026 in Baku, New York and Tokyo alike
 *   ({@link formatDate} formats it in UTC from its own year, month and day).
 * - An INSTANT (created at, decided at, sent at) is shown in the ORGANISATION'S time zone, not the
 *   browser's: `Asia/Baku` unless the server is configured otherwise (its `ORG_TIME_ZONE`; the web
 *   learns it from GET /api/global/organisation and calls {@link setOrganisationTimeZone}).
 * - Both read numeric, the product's table style: az/ru/tr "01.12.2026", "01.12.2026, 14:07";
 *   en "12/01/2026". A caller may still pass Intl options (a PDF's long date), or `timeZone`.
 */

/** The organisation's time zone when nothing configures one (IANA name). */
export const DEFAULT_TIME_ZONE = 'Asia/Baku';
let organisationZone = DEFAULT_TIME_ZONE;

/** Whether `zone` is an IANA time zone this runtime knows (e.g. "Asia/Baku", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * Sets the time zone instants are shown in (the server's configuration; the web's boot). Throws a
 * RangeError for a name the runtime does not know, keeping the previous one.
 */
export function setOrganisationTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
  organisationZone = zone;
}

/** The time zone instants are shown in: {@link DEFAULT_TIME_ZONE} unless set. */
export function organisationTimeZone(): string {
  return organisationZone;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a date-only `YYYY-MM-DD` text (a calendar date, not an instant). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value);
}

/** The UTC noon of a calendar date: formatted with `timeZone: 'UTC'` it is that day everywhere. */
function calendarNoon(value: string): Date {
  const [, y, m, d] = CALENDAR_DATE.exec(value)!;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
}

/**
 * The calendar date (`YYYY-MM-DD`) an instant falls on in `timeZone` (default: the organisation's):
 * what to send for "today" or for a day picked as an instant. `calendarDateOf(new Date())`.
 */
export function calendarDateOf(value: DateInput, timeZone: string = organisationZone): string {
  if (isCalendarDate(value)) return value;
  const parts = cachedFormatter<Intl.DateTimeFormat>(Intl.DateTimeFormat, 'en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(toDate(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The instant calendar day `day` (`YYYY-MM-DD`) + `plusDays` begins at 00:00 in `timeZone` (default:
 * the organisation's) — how a chosen range of whole days becomes a window of instants:
 * [calendarDayStart(first), calendarDayStart(last, 1)). Throws RangeError for a text that is not
 * a calendar date. Takes the zone's offset at that midnight (read back through Intl, so a zone's
 * daylight-saving rules apply; a zone that skips midnight itself is not supported).
 */
export function calendarDayStart(day: string, plusDays = 0, timeZone: string = organisationZone): Date {
  if (!isCalendarDate(day)) throw new RangeError(`not a calendar date: ${day}`);
  const utcMidnight = calendarNoon(day).getTime() - 12 * 3_600_000 + plusDays * 86_400_000;
  const parts = cachedFormatter<Intl.DateTimeFormat>(Intl.DateTimeFormat, 'en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(utcMidnight));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // The zone's wall clock at that UTC midnight, less the midnight itself: the zone's offset then.
  const offset = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - utcMidnight;
  return new Date(utcMidnight - offset);
}

const numericDay: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const numericDayTime: Intl.DateTimeFormatOptions = { ...numericDay, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const FIELD_OPTIONS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'weekday', 'era', 'hourCycle'] as const;

/**
 * `options` over `defaults`; when `options` names its own fields (weekday, month and year...) or a
 * style (`dateStyle: 'long'`, which Intl refuses beside fields), the defaults' fields are dropped
 * and only their time zone stays: the caller chose what to show.
 */
function withOptions(defaults: Intl.DateTimeFormatOptions, options: Intl.DateTimeFormatOptions | undefined): Intl.DateTimeFormatOptions {
  if (!options) return defaults;
  const own = options.dateStyle !== undefined || options.timeStyle !== undefined || FIELD_OPTIONS.some((key) => key !== 'hourCycle' && options[key] !== undefined);
  if (!own) return { ...defaults, ...options };
  const base: Intl.DateTimeFormatOptions = { ...defaults };
  for (const key of FIELD_OPTIONS) delete base[key];
  return { ...base, ...options };
}

/**
 * Formats a date: a `YYYY-MM-DD` calendar date as that very day (no time-zone shift); an instant
 * (Date, ISO-8601 string with a time, epoch ms) as its day in the organisation's time zone
 * (`options.timeZone` overrides). Numeric by default: az "01.12.2026", en "12/01/2026".
 */
export function formatDate(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  if (isCalendarDate(value)) {
    return dateTimeFormat(lang, { ...numericDay }, { ...options, timeZone: 'UTC' }, true).format(calendarNoon(value));
  }
  return dateTimeFormat(lang, { ...numericDay, timeZone: organisationZone }, options, true).format(toDate(value));
}

/**
 * Formats an instant with its time (24-hour in every language) in the organisation's time zone:
 * az "01.12.2026, 14:07". A `YYYY-MM-DD` calendar date has no time: it is formatted as {@link formatDate}.
 */
export function formatDateTime(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  if (isCalendarDate(value)) return formatDate(value, lang, options);
  return dateTimeFormat(lang, { ...numericDayTime, timeZone: organisationZone }, options, true).format(toDate(value));
}

/** Formats the time of day of an instant as HH:mm in the organisation's time zone (chat message times). */
export function formatTime(
  value: DateInput,
  lang: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  return dateTimeFormat(lang, { ...timeOfDay, timeZone: organisationZone }, options, true).format(toDate(value));
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
