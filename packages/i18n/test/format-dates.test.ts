import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarDateOf,
  calendarDayStart,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatTime,
  organisationTimeZone,
  setOrganisationTimeZone,
} from '../src/format';

/*
 * Run as a browser west of Greenwich would: a date-only value must not slip to the day before,
 * and instants read in the organisation's zone (Asia/Baku), not the runtime's.
 */
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalTz;
});
afterEach(() => setOrganisationTimeZone(DEFAULT_TIME_ZONE));

describe('dates and times, one formatter per field type', () => {
  it('runs in New York (the premise of the tests below)', () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(300);
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  });

  it('shows a date-only value as that very day, whatever the runtime zone', () => {
    expect(formatDate('2026-12-01', 'az')).toBe('01.12.2026');
    expect(formatDate('2026-12-01', 'ru')).toBe('01.12.2026');
    expect(formatDate('2026-12-01', 'tr')).toBe('01.12.2026');
    expect(formatDate('2026-12-01', 'en')).toBe('12/01/2026');
    // A caller's time zone cannot shift a calendar date either.
    expect(formatDate('2026-12-01', 'az', { timeZone: 'Pacific/Honolulu' })).toBe('01.12.2026');
    expect(formatDateTime('2026-12-01', 'az')).toBe('01.12.2026');
  });

  it('shows instants in the organisation time zone, Asia/Baku by default', () => {
    expect(organisationTimeZone()).toBe('Asia/Baku');
    // 30.11 20:00 UTC is 01.12 00:00 in Baku (+04:00) and still 30.11 in New York.
    const firstDayInBaku = '2026-11-30T20:00:00.000Z';
    expect(formatDate(firstDayInBaku, 'az')).toBe('01.12.2026');
    expect(formatDateTime(firstDayInBaku, 'az')).toBe('01.12.2026, 00:00');
    expect(formatTime(firstDayInBaku, 'az')).toBe('00:00');
    expect(calendarDateOf(firstDayInBaku)).toBe('2026-12-01');
  });

  it('follows a configured organisation time zone and refuses an unknown one', () => {
    setOrganisationTimeZone('Europe/Istanbul');
    expect(formatDateTime('2026-11-30T20:00:00.000Z', 'tr')).toBe('30.11.2026 23:00');
    expect(calendarDateOf('2026-11-30T20:00:00.000Z')).toBe('2026-11-30');
    expect(() => setOrganisationTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(organisationTimeZone()).toBe('Europe/Istanbul');
  });

  it('still takes a style for a long date (a PDF) without clashing with the numeric default', () => {
    expect(formatDate('2026-12-21', 'en', { dateStyle: 'long' })).toBe('December 21, 2026');
    expect(() => formatDate('2026-12-21', 'en', { dateStyle: 'long', hour: '2-digit' })).toThrow(TypeError);
  });

  it('turns a chosen day into the instant it begins in the organisation zone, whatever the runtime zone', () => {
    // 01.12 00:00 in Baku (+04:00) is 30.11 20:00 UTC — in New York too.
    expect(calendarDayStart('2026-12-01').toISOString()).toBe('2026-11-30T20:00:00.000Z');
    // The day after the last day of a range: its exclusive end.
    expect(calendarDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T20:00:00.000Z');
    expect(calendarDateOf(calendarDayStart('2026-12-01'))).toBe('2026-12-01');
    // A zone with daylight saving: Istanbul has none now, Berlin has (CET +01:00 in winter, CEST +02:00 in summer).
    expect(calendarDayStart('2026-01-15', 0, 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(calendarDayStart('2026-07-15', 0, 'Europe/Berlin').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    setOrganisationTimeZone('Europe/Istanbul');
    expect(calendarDayStart('2026-12-01').toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(() => calendarDayStart('2026-12-01T00:00:00Z')).toThrow(RangeError);
  });
});
