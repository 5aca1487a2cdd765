import { describe, expect, it } from 'vitest';
import {
  currencyFor,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  toMajorUnits,
  weekStartsOn,
} from '../src/format';

// Intl uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney (amounts in minor units)', () => {
  it('shows manat for az, with comma decimals and dot grouping', () => {
    expect(plain(formatMoney(123450, 'az'))).toBe('1.234,50 ₼');
  });
  it('shows lira for tr and ruble for ru', () => {
    expect(plain(formatMoney(123450, 'tr'))).toBe('₺1.234,50');
    expect(plain(formatMoney(123450, 'ru'))).toBe('1 234,50 ₽');
  });
  it('shows manat for en, which has no currency of its own in the spec', () => {
    expect(currencyFor('en')).toBe('AZN');
    expect(plain(formatMoney(5, 'en'))).toBe('AZN 0.05');
  });
  it('gives a list column the amount in manat that formatMoney shows (toMajorUnits)', () => {
    expect(toMajorUnits(356950)).toBe(3569.5);
    expect(toMajorUnits(5)).toBe(0.05);
    expect(plain(formatNumber(toMajorUnits(123450), 'az', { minimumFractionDigits: 2 }))).toBe('1.234,50');
  });
  it('accepts another currency and falls back to az for an unknown language', () => {
    expect(plain(formatMoney(100, 'en', 'USD'))).toBe('$1.00');
    expect(currencyFor('xx')).toBe('AZN');
  });
});

describe('numbers and dates', () => {
  const date = new Date(Date.UTC(2026, 0, 5, 14, 7));
  it('formats numbers per language', () => {
    expect(plain(formatNumber(1234567.5, 'ru'))).toBe('1 234 567,5');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
  });
  it('formats dates in each language', () => {
    expect(formatDate(date, 'az', { timeZone: 'UTC' })).toBe('05.01.2026');
    expect(formatDate('2026-01-05T14:07:00Z', 'en', { timeZone: 'UTC' })).toBe('01/05/2026');
    expect(formatDate(date.getTime(), 'tr', { timeZone: 'UTC' })).toBe('05.01.2026');
  });
  it('formats date-times and times on a 24-hour clock', () => {
    expect(formatDateTime(date, 'en', { timeZone: 'UTC' })).toMatch(/01\/05\/2026.*14:07/);
    expect(formatTime(date, 'en', { timeZone: 'UTC' })).toBe('14:07');
    expect(formatTime(date, 'az', { timeZone: 'UTC' })).toBe('14:07');
  });
});

describe('weekStartsOn', () => {
  it('starts the week on Monday for az (SPEC §1), ru and tr', () => {
    expect(weekStartsOn('az')).toBe(1);
    expect(weekStartsOn('ru')).toBe(1);
    expect(weekStartsOn('tr')).toBe(1);
  });
  it('starts the week on Sunday for en', () => {
    expect(weekStartsOn('en')).toBe(0);
  });
});
