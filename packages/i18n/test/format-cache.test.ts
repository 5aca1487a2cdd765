import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from '../src/format';
import { installAzIntlFallback } from '../src/intl-az';

/*
 * The format helpers reuse one Intl formatter per (constructor, locale, options). The tests
 * count constructions by putting counting subclasses in place of the global constructors — the
 * way the az fallback and Playwright's clock replace them — and put the engine's back after.
 */

const NativeDateTimeFormat = Intl.DateTimeFormat;
const NativeNumberFormat = Intl.NumberFormat;
const at = new Date(Date.UTC(2026, 0, 5, 14, 7)); // a Monday
const day = 86_400_000;
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

let built: { dates: number; numbers: number };

/** Installs constructors that count how often they are called; `localeOf` maps the locale asked for. */
function installCounting(localeOf = (asked?: string) => asked) {
  class DateTimeFormat extends NativeDateTimeFormat {
    constructor(locales?: string, options?: Intl.DateTimeFormatOptions) {
      super(localeOf(locales), options);
      built.dates += 1;
    }
  }
  class NumberFormat extends NativeNumberFormat {
    constructor(locales?: string, options?: Intl.NumberFormatOptions) {
      super(localeOf(locales), options);
      built.numbers += 1;
    }
  }
  Intl.DateTimeFormat = DateTimeFormat as typeof Intl.DateTimeFormat;
  Intl.NumberFormat = NumberFormat as typeof Intl.NumberFormat;
}

beforeEach(() => {
  built = { dates: 0, numbers: 0 };
  installCounting();
});

afterEach(() => {
  Intl.DateTimeFormat = NativeDateTimeFormat;
  Intl.NumberFormat = NativeNumberFormat;
});

describe('format helpers reuse their Intl formatters', () => {
  it('builds one date formatter for a long list of dates in one language', () => {
    const texts = Array.from({ length: 200 }, (_, i) =>
      formatDate(at.getTime() + i * day, 'en', { timeZone: 'UTC' }),
    );
    expect(built.dates).toBe(1);
    expect(texts[0]).toBe('01/05/2026');
    expect(texts[199]).toBe('07/23/2026');
  });

  it('builds one number formatter for a column of amounts', () => {
    const texts = Array.from({ length: 200 }, (_, i) => formatMoney(i * 100_001, 'az'));
    expect(built.numbers).toBe(1);
    expect(plain(texts[199]!)).toBe('199.001,99 ₼');
  });

  it('keeps one formatter per language, helper and options', () => {
    for (let i = 0; i < 10; i++) {
      formatDate(at, 'az', { timeZone: 'UTC' });
      formatDate(at, 'ru', { timeZone: 'UTC' });
      formatDateTime(at, 'az', { timeZone: 'UTC' });
      formatTime(at, 'az', { timeZone: 'UTC' });
      formatNumber(1.5, 'az');
      formatNumber(1.5, 'az', { maximumFractionDigits: 0 });
    }
    expect(built).toEqual({ dates: 4, numbers: 2 });
  });

  it('treats the same options written in another order as the same', () => {
    expect(formatDate(at, 'en', { timeZone: 'UTC', dateStyle: 'long' })).toBe('January 5, 2026');
    expect(formatDate(at, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('January 5, 2026');
    expect(built.dates).toBe(1);
  });

  it('formats in the time zone asked for, each zone with its own formatter', () => {
    const late = Date.UTC(2026, 0, 5, 22, 30);
    const baku = { timeZone: 'Asia/Baku' };
    expect(formatDateTime(late, 'en', { timeZone: 'UTC' })).toMatch(/01\/05\/2026.*22:30/);
    expect(formatDateTime(late, 'en', baku)).toMatch(/01\/06\/2026.*02:30/);
    expect(formatDateTime(late, 'en', { timeZone: 'UTC' })).toMatch(/01\/05\/2026.*22:30/);
    expect(built.dates).toBe(2);
  });

  it('still refuses options Intl refuses, after a valid look-alike was cached', () => {
    // Fields of the caller's own replace the numeric default's; a style beside an hour Intl refuses.
    const yearOnly = { year: 'numeric', timeZone: 'UTC' } as const;
    expect(formatDate(at, 'en', yearOnly)).toBe('2026');
    expect(() => formatDate(at, 'en', { dateStyle: 'long', hour: '2-digit', timeZone: 'UTC' })).toThrow(TypeError);
  });

  it('keeps at most 64 formatters, rebuilding the oldest when it is asked for again', () => {
    const digits = (n: number) => ({
      minimumFractionDigits: n % 21,
      maximumFractionDigits: 20,
      minimumIntegerDigits: 1 + Math.floor(n / 21),
    });
    for (let n = 0; n < 65; n++) formatNumber(1, 'en', digits(n));
    expect(built.numbers).toBe(65);
    formatNumber(1, 'en', digits(64)); // the newest: still there
    expect(built.numbers).toBe(65);
    formatNumber(1, 'en', digits(0)); // the oldest: dropped for the 65th
    expect(built.numbers).toBe(66);
  });
});

describe('format helpers follow a replaced Intl', () => {
  it('uses the new constructors after Intl.DateTimeFormat and Intl.NumberFormat are replaced', () => {
    expect(formatDate(at, 'en', { timeZone: 'UTC' })).toBe('01/05/2026');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    installCounting(() => 'tr'); // every formatter built from now on is Turkish
    expect(formatDate(at, 'en', { timeZone: 'UTC' })).toBe('05.01.2026');
    expect(formatNumber(1234.5, 'en')).toBe('1.234,5');
    expect(built).toEqual({ dates: 2, numbers: 2 });
  });

  it('writes az dates and amounts with the az fallback once it is installed, not with formatters made before', () => {
    // An engine without az data, as Chromium's: az answers as the root locale (Node's root reads
    // "Jan 5, 2026", Chromium's "2026 M01 5"; both "AZN 1,234.50").
    installCounting((asked) => (asked === 'az' ? 'und' : asked));
    expect(formatDate(at, 'az', { timeZone: 'UTC' })).toBe('01/05/2026');
    expect(plain(formatMoney(123450, 'az'))).toBe('AZN 1,234.50');
    expect(installAzIntlFallback(Intl)).toBe(true);
    expect(formatDate(at, 'az', { timeZone: 'UTC' })).toBe('05.01.2026');
    expect(plain(formatMoney(123450, 'az'))).toBe('1.234,50 ₼');
  });
});
