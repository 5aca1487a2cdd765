import { formatDateTime } from '@servicedesk/i18n';
import { describe, expect, it } from 'vitest';
import { numericDateTime } from './format';

describe('numericDateTime', () => {
  // 2026-12-03T02:01Z is 06:01 in Baku (the organisation's default zone), a morning hour that
  // en-US would write "06:01 AM" and a 12-hour clock "6:01".
  const morning = '2026-12-03T02:01:00Z';
  const evening = '2026-12-03T14:30:00Z';

  it('reads 24-hour in every language, as the default formatDateTime does', () => {
    for (const lang of ['az', 'en', 'ru', 'tr']) {
      expect(formatDateTime(morning, lang, numericDateTime), lang).toBe(formatDateTime(morning, lang));
      expect(formatDateTime(evening, lang, numericDateTime), lang).toContain('18:30');
      expect(formatDateTime(evening, lang, numericDateTime), lang).not.toMatch(/AM|PM/);
    }
  });

  it('keeps the numeric day of each language', () => {
    expect(formatDateTime(morning, 'az', numericDateTime)).toBe('03.12.2026, 06:01');
    expect(formatDateTime(morning, 'en', numericDateTime)).toBe('12/03/2026, 06:01');
  });
});
