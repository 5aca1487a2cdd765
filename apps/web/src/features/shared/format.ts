/**
 * Numeric date-time options (22.11.2026, 00:16 in az): Chromium's ICU has no short month
 * names for az and shows "M11", so tables and cards use digits.
 */
export const numericDateTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * Numeric date options (22.11.2026 in az), for the same reason. `dateStyle` is unset because
 * formatDate defaults to a dateStyle, which Intl refuses to combine with year/month/day.
 */
export const numericDate: Intl.DateTimeFormatOptions = { dateStyle: undefined, year: 'numeric', month: '2-digit', day: '2-digit' };
