import { describe, expect, it } from 'vitest';
import { createAzIntl, hasAzIntlData, installAzIntlFallback } from '../src/intl-az';

/*
 * Node has full ICU, so its own az output is the reference: the fallback (built over Node's
 * constructors, formatting az through tr and de) must give the same text. The engine without az
 * data is played by constructors that format az as the root locale, as Chromium does.
 */

const az = createAzIntl(Intl);
const at = new Date(Date.UTC(2026, 0, 5, 14, 7)); // a Monday
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** An Intl whose engine has no az data: 'az' answers as the root locale ("2026 M01 5"). */
function intlWithoutAz(): typeof Intl {
  const root = (locales: unknown) => (typeof locales === 'string' && locales.startsWith('az') ? 'und' : (locales as string));
  class DateTimeFormat extends Intl.DateTimeFormat {
    constructor(locales?: string, options?: Intl.DateTimeFormatOptions) {
      super(root(locales), options);
    }
  }
  class NumberFormat extends Intl.NumberFormat {
    constructor(locales?: string, options?: Intl.NumberFormatOptions) {
      super(root(locales), options);
    }
  }
  return Object.assign(Object.create(Intl) as object, { DateTimeFormat, NumberFormat }) as unknown as typeof Intl;
}

describe('az dates without the engine’s az data', () => {
  const options: Intl.DateTimeFormatOptions[] = [
    { dateStyle: 'medium' },
    { dateStyle: 'short' },
    { dateStyle: 'long' },
    { dateStyle: 'full' },
    { year: 'numeric', month: '2-digit', day: '2-digit' },
    { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    { dateStyle: 'medium', timeStyle: 'short' },
    { month: 'long', year: 'numeric' },
    { month: 'short' },
    { month: 'long' },
    { weekday: 'long' },
    { weekday: 'narrow' },
    { month: 'narrow', day: 'numeric' },
    { weekday: 'short', day: 'numeric', month: 'long' },
    { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    { hour: 'numeric', hour12: true },
    { hour: 'numeric', minute: '2-digit', hour12: true },
    { dateStyle: 'medium', timeStyle: 'short', hour12: true },
  ];
  it.each(options)('formats %o as az data does', (option) => {
    const expected = new Intl.DateTimeFormat('az', { ...option, timeZone: 'UTC' }).format(at);
    expect(plain(new az.DateTimeFormat('az', { ...option, timeZone: 'UTC' }).format(at))).toBe(plain(expected));
  });

  it('names every month and weekday in az, in the formatter’s time zone', () => {
    const months = Array.from({ length: 12 }, (_, m) => new az.DateTimeFormat('az-Latn-AZ', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)));
    expect(months).toEqual(['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avqust', 'sentyabr', 'oktyabr', 'noyabr', 'dekabr']);
    // 31 Jan 22:30 UTC is already 1 February in Baku (UTC+4): the month comes from the zone's date.
    const lateJanuary = Date.UTC(2026, 0, 31, 22, 30);
    expect(new az.DateTimeFormat('az', { dateStyle: 'medium', timeZone: 'Asia/Baku' }).format(lateJanuary)).toBe('1 fev 2026');
    expect(new az.DateTimeFormat('az', { weekday: 'long', timeZone: 'Asia/Baku' }).format(lateJanuary)).toBe('bazar'); // 1 Feb 2026: Sunday
  });

  it('translates ranges, parts and says az in its resolved options; other languages are left alone', () => {
    const range = new az.DateTimeFormat('az', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(Date.UTC(2026, 0, 5), Date.UTC(2026, 2, 9));
    expect(plain(range)).toBe(plain(new Intl.DateTimeFormat('az', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(Date.UTC(2026, 0, 5), Date.UTC(2026, 2, 9))));
    const parts = new az.DateTimeFormat('az', { month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(at);
    expect(parts.find((p) => p.type === 'month')?.value).toBe('yanvar');
    expect(new az.DateTimeFormat('az').resolvedOptions().locale).toBe('az');
    expect(new az.DateTimeFormat('ru', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).toBe(new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeZone: 'UTC' }).format(at));
    expect(new az.DateTimeFormat('en').resolvedOptions().locale).toBe('en');
  });

  it('works without new, and its formatters are instances of Intl.DateTimeFormat', () => {
    const callable = az.DateTimeFormat as unknown as (l: string, o: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat;
    const formatter = callable('az', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(formatter.format(at)).toBe('5 yan 2026');
    const unbound = formatter.format; // as `dates.map(formatter.format)` uses it
    expect([at].map(unbound)).toEqual(['5 yan 2026']);
    const money = new az.NumberFormat('az', { style: 'currency', currency: 'AZN' }).format;
    expect([1.5].map((n) => plain(money(n)))).toEqual(['1,50 ₼']);
    expect(formatter).toBeInstanceOf(az.DateTimeFormat);
    expect(formatter).toBeInstanceOf(Intl.DateTimeFormat);
    expect(az.DateTimeFormat.supportedLocalesOf(['az', 'tr'])).toEqual(Intl.DateTimeFormat.supportedLocalesOf(['az', 'tr']));
  });
});

describe('az formats under code that wraps Intl', () => {
  it('keep `format` a getter on the prototype and honour a subclass’s new.target (as Playwright’s clock wraps it)', () => {
    const formatGetter = Object.getOwnPropertyDescriptor(az.DateTimeFormat.prototype, 'format')?.get;
    expect(formatGetter).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(az.NumberFormat.prototype, 'format')?.get).toBeTypeOf('function');
    const now = Date.UTC(2026, 0, 5, 14, 7);
    function Clocked(this: unknown, ...args: unknown[]) {
      return Reflect.construct(az.DateTimeFormat, args, new.target ?? Clocked);
    }
    Clocked.prototype = Object.create(az.DateTimeFormat.prototype, {
      format: {
        configurable: true,
        get(this: Intl.DateTimeFormat) {
          const format = formatGetter!.call(this) as (date?: number) => string;
          return (date?: number) => format(date ?? now);
        },
      },
    });
    const formatter = new (Clocked as unknown as new (l: string, o: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat)('az', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(formatter).toBeInstanceOf(Clocked);
    expect(formatter.format()).toBe('5 yan 2026');
    expect(formatter.formatToParts(now).find((p) => p.type === 'month')?.value).toBe('yan');
  });
});

describe('az numbers without the engine’s az data', () => {
  const cases: [number, Intl.NumberFormatOptions | undefined][] = [
    [1234567.891, undefined],
    [-0.5, undefined],
    [1234.5, { style: 'currency', currency: 'AZN' }],
    [-1234.5, { style: 'currency', currency: 'AZN', minimumFractionDigits: 2, maximumFractionDigits: 2 }],
    [0.12, { style: 'percent' }],
    [12, { maximumFractionDigits: 1 }],
  ];
  it.each(cases)('formats %d with %o as az data does', (value, option) => {
    expect(plain(new az.NumberFormat('az', option).format(value))).toBe(plain(new Intl.NumberFormat('az', option).format(value)));
  });

  it('leaves an explicit currency display and other languages alone', () => {
    expect(plain(new az.NumberFormat('az', { style: 'currency', currency: 'AZN', currencyDisplay: 'code' }).format(10))).toBe('10,00 AZN');
    expect(new az.NumberFormat('tr', { style: 'currency', currency: 'TRY' }).format(10)).toBe(new Intl.NumberFormat('tr', { style: 'currency', currency: 'TRY' }).format(10));
    expect(new az.NumberFormat('az').resolvedOptions().locale).toBe('az');
  });
});

describe('installAzIntlFallback', () => {
  it('installs only where the engine lacks az data, once', () => {
    expect(hasAzIntlData(Intl)).toBe(true); // Node: full ICU
    const full = Object.create(Intl) as typeof Intl;
    expect(installAzIntlFallback(full)).toBe(false);
    expect(full.DateTimeFormat).toBe(Intl.DateTimeFormat);

    const lacking = intlWithoutAz();
    expect(new lacking.DateTimeFormat('az', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).not.toBe('5 yan 2026');
    expect(hasAzIntlData(lacking)).toBe(false);
    expect(installAzIntlFallback(lacking)).toBe(true);
    expect(new lacking.DateTimeFormat('az', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).toBe('5 yan 2026');
    expect(plain(new lacking.NumberFormat('az', { style: 'currency', currency: 'AZN' }).format(1234.5))).toBe('1.234,50 ₼');
    expect(hasAzIntlData(lacking)).toBe(true);
    expect(installAzIntlFallback(lacking)).toBe(false);
  });
});
