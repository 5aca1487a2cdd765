/*
 * Azerbaijani dates and numbers where the browser has no Azerbaijani locale data.
 *
 * Chrome and Edge build ICU with the locale data of a chosen list of languages, and Azerbaijani is
 * not on it (checked in Chromium 156): `Intl.DateTimeFormat('az', …)` answers with the root locale —
 * "2026 M01 5", "Mon" — and `Intl.NumberFormat('az', { style: 'currency', currency: 'AZN' })`
 * "AZN 1,234.50", while `supportedLocalesOf(['az'])` still says ['az']. az is our default language
 * (SPEC §1: manat, weeks from Monday), so every date and amount of the app, the design system and
 * react-aria's date fields and calendars would read in a half-English root format.
 *
 * Where that is so, {@link installAzIntlFallback} replaces `Intl.DateTimeFormat` and
 * `Intl.NumberFormat` with subclasses that format `az` through a native locale with the same
 * patterns and then put the Azerbaijani words in (CLDR 44's az data, as Node's full ICU has it):
 *  - dates through `tr` (day month year, 24-hour; `5 Oca 2026`): the month and weekday names are
 *    swapped for az ones by the date's month and weekday (never by matching text), the day period
 *    for AM/PM, and a date followed by a time or weekday gets az's ", " ("5 yan 2026, 14:07");
 *  - numbers through `de` (1.234,5 — az's separators), currencies with their narrow symbol (₼),
 *    percent without de's space ("12%").
 * Every other locale, and az where the data is there (Firefox, Safari, Node), is left to the
 * engine. What stays different from real az data: compact notation, and a short date with a time
 * style (tr's "5.01.2026" where az writes "05.01.26").
 */

/** az month names (CLDR 44, format and stand-alone alike), January first. */
const MONTHS = {
  short: ['yan', 'fev', 'mar', 'apr', 'may', 'iyn', 'iyl', 'avq', 'sen', 'okt', 'noy', 'dek'],
  long: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avqust', 'sentyabr', 'oktyabr', 'noyabr', 'dekabr'],
  narrow: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
} as const;

/** az weekday names (CLDR 44, format context), Sunday first. */
const WEEKDAYS = {
  short: ['B.', 'B.e.', 'Ç.a.', 'Ç.', 'C.a.', 'C.', 'Ş.'],
  long: ['bazar', 'bazar ertəsi', 'çərşənbə axşamı', 'çərşənbə', 'cümə axşamı', 'cümə', 'şənbə'],
  narrow: ['7', '1', '2', '3', '4', '5', '6'],
} as const;

/** The base locales whose patterns az shares (see the header). */
const DATE_BASE = 'tr';
const NUMBER_BASE = 'de';

type Locales = string | Intl.Locale | readonly (string | Intl.Locale)[] | undefined;

/** True when the first requested locale is Azerbaijani (`az`, `az-Latn-AZ`, …). */
function isAz(locales: Locales): boolean {
  const first = Array.isArray(locales) ? locales[0] : locales;
  const tag = typeof first === 'string' ? first : first instanceof Intl.Locale ? first.baseName : '';
  return /^az(?:-|$)/i.test(tag);
}

/** True when this engine's Intl formats az dates and numbers with az data ("yanvar", "1,5"). */
export function hasAzIntlData(intl: typeof Intl = Intl): boolean {
  const month = new intl.DateTimeFormat('az', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 15));
  const number = new intl.NumberFormat('az').format(1.5);
  return month === 'yanvar' && number === '1,5';
}

/** The width a part was asked in: `month: 'short'` → 'short'; numeric widths → undefined (nothing to translate). */
const nameWidth = (width: string | undefined): 'short' | 'long' | 'narrow' | undefined =>
  width === 'short' || width === 'long' || width === 'narrow' ? width : undefined;

/** The widths dateStyle implies for month and weekday (tr's patterns: medium MMM, long/full MMMM, full EEEE). */
function styleWidths(style: string | undefined): { month?: 'short' | 'long'; weekday?: 'long' } {
  if (style === 'medium') return { month: 'short' };
  if (style === 'long') return { month: 'long' };
  if (style === 'full') return { month: 'long', weekday: 'long' };
  return {};
}

type Part = Intl.DateTimeFormatPart & { source?: string };

const TIME_PARTS = new Set(['hour', 'minute', 'second', 'fractionalSecond']);

/** tr writes the day period before the hour ("ÖS 2:07"), az after the time ("2:07 PM"). */
function dayPeriodLast(parts: Part[]): Part[] {
  const at = parts.findIndex((p) => p.type === 'dayPeriod');
  if (at < 0 || parts[at + 1]?.type !== 'literal' || parts[at + 2]?.type !== 'hour') return parts;
  const [period, space] = [parts[at]!, parts[at + 1]!];
  const rest = [...parts.slice(0, at), ...parts.slice(at + 2)];
  let last = at;
  while (last + 1 < rest.length && (TIME_PARTS.has(rest[last + 1]!.type) || (rest[last + 1]!.type === 'literal' && TIME_PARTS.has(rest[last + 2]?.type ?? '')))) last += 1;
  return [...rest.slice(0, last + 1), space, period, ...rest.slice(last + 1)];
}

/**
 * Builds the subclasses over the engine's own constructors (`native`), so the engine keeps doing
 * the calendar, time zone and digits work. Exported for the tests; the app calls
 * {@link installAzIntlFallback}.
 */
export function createAzIntl(native: { DateTimeFormat: typeof Intl.DateTimeFormat; NumberFormat: typeof Intl.NumberFormat }) {
  const NativeDateTimeFormat = native.DateTimeFormat;
  const NativeNumberFormat = native.NumberFormat;

  /** tr's month or weekday names of a width → their index (0 = January / Sunday), made once per width. */
  const trIndexes = new Map<string, Map<string, number>>();
  const trIndex = (type: 'month' | 'weekday', width: 'short' | 'long'): Map<string, number> => {
    const key = `${type} ${width}`;
    let index = trIndexes.get(key);
    if (!index) {
      const names = new NativeDateTimeFormat(DATE_BASE, { [type]: width, timeZone: 'UTC' });
      index = new Map();
      // 1 February 2026 is a Sunday.
      for (let i = 0; i < (type === 'month' ? 12 : 7); i++) index.set(names.format(type === 'month' ? Date.UTC(2026, i, 15) : Date.UTC(2026, 1, 1 + i)), i);
      trIndexes.set(key, index);
    }
    return index;
  };

  /** The `format` getter `prototype` inherits (the engine's: a bound function per formatter), for what is not az. */
  const formatGetter = (prototype: object): ((this: unknown) => unknown) => {
    for (let p: object | null = prototype; p; p = Object.getPrototypeOf(p) as object | null) {
      const get = Object.getOwnPropertyDescriptor(p, 'format')?.get;
      if (get) return get;
    }
    throw new TypeError('intl-az: this Intl has no format getter');
  };
  const nativeDateFormat = formatGetter(NativeDateTimeFormat.prototype);
  const nativeNumberFormat = formatGetter(NativeNumberFormat.prototype);

  class AzDateTimeFormat extends NativeDateTimeFormat {
    static {
      // `format` stays a getter on the prototype, as the engine's is: code that wraps Intl (Playwright's
      // clock, polyfills) reads its descriptor.
      Object.defineProperty(this.prototype, 'format', {
        configurable: true,
        get(this: AzDateTimeFormat) {
          return this.#format ?? (nativeDateFormat.call(this) as (date?: Date | number) => string);
        },
      });
    }

    readonly #az: boolean;
    #format: ((date?: Date | number) => string) | undefined;
    readonly #widths: { month?: 'short' | 'long' | 'narrow'; weekday?: 'short' | 'long' | 'narrow' } = {};
    /** Month and weekday numbers in this formatter's time zone, made the first time a narrow name needs them. */
    #fields: Intl.DateTimeFormat | undefined;

    constructor(locales?: Locales, options?: Intl.DateTimeFormatOptions) {
      const az = isAz(locales);
      // tr's short date is "5.01.2026", az's "05.01.26": asked field by field instead.
      const asked = az && options?.dateStyle === 'short' && options.timeStyle === undefined ? { ...options, dateStyle: undefined, day: '2-digit' as const, month: '2-digit' as const, year: '2-digit' as const } : options;
      super(az ? DATE_BASE : (locales as string | string[] | undefined), asked);
      const resolved = az ? super.resolvedOptions() : undefined;
      this.#az = resolved?.calendar === 'gregory';
      if (resolved && this.#az) {
        const style = styleWidths(options?.dateStyle);
        this.#widths = { month: nameWidth(resolved.month) ?? style.month, weekday: nameWidth(resolved.weekday) ?? style.weekday };
        this.#format = (date?: Date | number) => this.formatToParts(date).map((p) => p.value).join('');
      }
    }

    /** Month (0–11) and weekday (0–6) of `date` in this formatter's zone: the slow way, for narrow names. */
    #fieldsOf(date: Date | number | undefined): { month: number; weekday: number } {
      this.#fields ??= new NativeDateTimeFormat('en-US', { timeZone: super.resolvedOptions().timeZone, month: 'numeric', weekday: 'short' });
      const fields = this.#fields.formatToParts(date ?? Date.now());
      const month = Number(fields.find((p) => p.type === 'month')?.value) - 1;
      const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(fields.find((p) => p.type === 'weekday')?.value ?? '');
      return { month, weekday };
    }

    #translate(parts: Part[], date: Date | number | undefined, source?: string): Part[] {
      const { month: monthWidth, weekday: weekdayWidth } = this.#widths;
      let fields: { month: number; weekday: number } | undefined;
      /** The index of a tr name (short and long names are unique), else the date's own field. */
      const indexOf = (type: 'month' | 'weekday', width: 'short' | 'long' | 'narrow', value: string) =>
        (width === 'narrow' ? undefined : trIndex(type, width).get(value)) ?? (fields ??= this.#fieldsOf(date))[type];
      return dayPeriodLast(parts).map((part, i, parts) => {
        if (source !== undefined && part.source !== source && part.source !== 'shared') return part;
        if (part.type === 'month' && monthWidth) {
          const name = MONTHS[monthWidth][indexOf('month', monthWidth, part.value)];
          if (name) return { ...part, value: name };
        }
        if (part.type === 'weekday' && weekdayWidth) {
          const name = WEEKDAYS[weekdayWidth][indexOf('weekday', weekdayWidth, part.value)];
          if (name) return { ...part, value: name };
        }
        if (part.type === 'dayPeriod') return { ...part, value: /^Ö[ÖO]$/.test(part.value) ? 'AM' : 'PM' };
        // tr writes "5 Oca 2026 14:07" and "5 Ocak 2026 Pazartesi"; az puts ", " between the date and the time or weekday.
        if (part.type === 'literal' && part.value.trim() === '' && i > 0) {
          const before = parts[i - 1]!.type;
          const after = parts[i + 1]?.type;
          if ((before === 'year' || before === 'month' || before === 'day') && (after === 'hour' || after === 'weekday')) {
            return { ...part, value: ', ' };
          }
        }
        return part;
      });
    }

    override formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
      const parts = super.formatToParts(date);
      return this.#az ? this.#translate(parts, date) : parts;
    }

    override formatRangeToParts(start: Date | number, end: Date | number): Intl.DateTimeRangeFormatPart[] {
      const parts = super.formatRangeToParts(start, end) as Part[];
      if (!this.#az) return parts as Intl.DateTimeRangeFormatPart[];
      const first = this.#translate(parts, start, 'startRange');
      const both = this.#translate(first, end, 'endRange');
      return both as Intl.DateTimeRangeFormatPart[];
    }

    override formatRange(start: Date | number, end: Date | number): string {
      if (!this.#az) return super.formatRange(start, end);
      return this.formatRangeToParts(start, end).map((p) => p.value).join('');
    }

    override resolvedOptions(): Intl.ResolvedDateTimeFormatOptions {
      const resolved = super.resolvedOptions();
      return this.#az ? { ...resolved, locale: 'az' } : resolved;
    }
  }

  class AzNumberFormat extends NativeNumberFormat {
    static {
      Object.defineProperty(this.prototype, 'format', {
        configurable: true,
        get(this: AzNumberFormat) {
          return this.#format ?? (nativeNumberFormat.call(this) as (value?: number | bigint | Intl.StringNumericLiteral) => string);
        },
      });
    }

    readonly #az: boolean;
    #format: ((value?: number | bigint | Intl.StringNumericLiteral) => string) | undefined;

    constructor(locales?: Locales, options?: Intl.NumberFormatOptions) {
      const az = isAz(locales);
      const asked = az && options?.style === 'currency' && (options.currencyDisplay ?? 'symbol') === 'symbol' ? { ...options, currencyDisplay: 'narrowSymbol' as const } : options;
      super(az ? NUMBER_BASE : (locales as string | string[] | undefined), asked);
      this.#az = az;
      // Only percent needs its parts changed; every other style is the base's own text.
      if (az && options?.style === 'percent') {
        this.#format = (value?: number | bigint | Intl.StringNumericLiteral) => this.formatToParts(value).map((p) => p.value).join('');
      }
    }

    override formatToParts(value?: number | bigint | Intl.StringNumericLiteral): Intl.NumberFormatPart[] {
      const parts = super.formatToParts(value as number);
      if (!this.#az) return parts;
      // de writes "12 %"; az "12%".
      return parts.filter((part, i) => !(part.type === 'literal' && part.value.trim() === '' && parts[i + 1]?.type === 'percentSign'));
    }

    override resolvedOptions(): Intl.ResolvedNumberFormatOptions {
      const resolved = super.resolvedOptions();
      return this.#az ? { ...resolved, locale: 'az' } : resolved;
    }
  }

  /** Callable without `new`, as the Intl constructors are; `instanceof` holds through the shared prototype. */
  const callable = <C extends new (...args: never[]) => object>(Class: C, nativeCtor: { supportedLocalesOf: unknown }) => {
    const ctor = function (this: unknown, ...args: ConstructorParameters<C>) {
      // new.target kept, so a subclass of the wrapper (Playwright's clock does one) gets its own prototype.
      return Reflect.construct(Class, args, new.target ?? ctor);
    } as unknown as C & { supportedLocalesOf: unknown };
    ctor.prototype = Class.prototype;
    ctor.supportedLocalesOf = nativeCtor.supportedLocalesOf;
    return ctor;
  };

  return {
    DateTimeFormat: callable(AzDateTimeFormat, NativeDateTimeFormat) as unknown as typeof Intl.DateTimeFormat,
    NumberFormat: callable(AzNumberFormat, NativeNumberFormat) as unknown as typeof Intl.NumberFormat,
  };
}

/**
 * Installs the az formats into `intl` (the global `Intl` by default) when its engine lacks az
 * data ({@link hasAzIntlData}); answers whether it did. Call once, before anything formats — the
 * web app does it first thing in its entry. Idempotent: a second call finds the data "there".
 */
export function installAzIntlFallback(intl: typeof Intl = Intl): boolean {
  if (hasAzIntlData(intl)) return false;
  const az = createAzIntl(intl);
  intl.DateTimeFormat = az.DateTimeFormat;
  intl.NumberFormat = az.NumberFormat;
  return true;
}
