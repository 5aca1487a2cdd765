import { numberingYear } from '../../lib/records/numbering';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bakuToday,
  daysBetween,
  daysInMonth,
  endReminderDate,
  nextTerm,
  noticeDate,
} from './contracts.dates';

// Issue #14: reminder and renewal dates across month ends and leap years (GLPI gets these wrong:
// glpi#23084, #14703, #6004).
describe('contract dates', () => {
  it('counts days across month ends and February of leap and common years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('puts the "ends soon" reminder exactly 30 days before the end', () => {
    // End of February / 1 March: leap year and common year differ by a day.
    expect(endReminderDate('2024-03-01')).toBe('2024-01-31');
    expect(endReminderDate('2025-03-01')).toBe('2025-01-30');
    expect(endReminderDate('2024-02-29')).toBe('2024-01-30');
    expect(endReminderDate('2025-02-28')).toBe('2025-01-29');
    // The 31st of a month.
    expect(endReminderDate('2025-03-31')).toBe('2025-03-01');
    expect(endReminderDate('2024-03-31')).toBe('2024-03-01');
    expect(endReminderDate('2025-12-31')).toBe('2025-12-01');
    expect(endReminderDate('2025-01-15')).toBe('2024-12-16');
  });

  it('puts the notice date the notice period before the end', () => {
    expect(noticeDate('2024-12-31', 31)).toBe('2024-11-30');
    expect(noticeDate('2024-03-31', 31)).toBe('2024-02-29');
    expect(noticeDate('2023-03-31', 31)).toBe('2023-02-28');
    expect(noticeDate('2024-05-31', 0)).toBe('2024-05-31');
    expect(noticeDate('2025-02-28', 365)).toBe('2024-02-29');
  });

  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2024-08-31', 1)).toBe('2024-09-30');
    expect(addMonths('2024-12-31', 2)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-11-15', 14)).toBe('2026-01-15');
  });

  it('makes the next term start the day after the end and last the renewal months', () => {
    expect(nextTerm({ startDate: '2024-01-01', endDate: '2024-01-31' }, 1)).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
    expect(nextTerm({ startDate: '2023-01-01', endDate: '2023-01-31' }, 1)).toEqual({
      startDate: '2023-02-01',
      endDate: '2023-02-28',
    });
    expect(nextTerm({ startDate: '2023-03-01', endDate: '2024-02-29' }, 12)).toEqual({
      startDate: '2024-03-01',
      endDate: '2025-02-28',
    });
    expect(nextTerm({ startDate: '2024-02-01', endDate: '2024-02-29' }, 1)).toEqual({
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
    expect(nextTerm({ startDate: '2024-01-31', endDate: '2024-03-30' }, 1)).toEqual({
      startDate: '2024-03-31',
      endDate: '2024-04-29',
    });
    // Without months: as long as the current term — whole months when it is (a leap year renews as a year), else days.
    expect(nextTerm({ startDate: '2024-01-01', endDate: '2024-12-31' }, null)).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect(nextTerm({ startDate: '2024-02-01', endDate: '2024-02-29' }, null)).toEqual({
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
    expect(nextTerm({ startDate: '2024-01-10', endDate: '2024-01-19' }, null)).toEqual({
      startDate: '2024-01-20',
      endDate: '2024-01-29',
    });
  });

  it('reads "today" and the numbering year in Baku, not UTC', () => {
    expect(bakuToday(new Date('2024-02-28T20:30:00Z'))).toBe('2024-02-29');
    expect(bakuToday(new Date('2024-02-28T19:59:00Z'))).toBe('2024-02-28');
    expect(numberingYear(new Date('2025-12-31T21:00:00Z'))).toBe(2026);
    expect(numberingYear(new Date('2025-12-31T19:59:00Z'))).toBe(2025);
  });
});
