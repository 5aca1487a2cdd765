import { describe, expect, it } from 'vitest';
import { COMMENT_MIN_LENGTH } from '@servicedesk/contracts';
import { AppError } from '../errors';
import { requireComment } from './comments';

describe('the comment rule (SPEC §5: at least 10 characters)', () => {
  const codeOf = (text: string | undefined) => {
    try {
      requireComment(text);
      return 'ok';
    } catch (error) {
      return error instanceof AppError ? `${error.statusCode} ${error.code}` : 'thrown';
    }
  };

  it('refuses a missing or blank comment, and one shorter than the minimum once trimmed', () => {
    expect(COMMENT_MIN_LENGTH).toBe(10);
    expect(codeOf(undefined)).toBe('422 commentRequired');
    expect(codeOf('   ')).toBe('422 commentRequired');
    expect(codeOf('123456789')).toBe('422 commentTooShort');
    expect(codeOf('  123456789  ')).toBe('422 commentTooShort');
    expect(codeOf('1234567890')).toBe('ok');
    // Characters, not UTF-16 units: ten Azerbaijani letters are enough, nine emoji are not.
    expect(codeOf('Gözləyirik')).toBe('ok');
    expect(codeOf('😀'.repeat(9))).toBe('422 commentTooShort');
  });

  it('answers the trimmed text and names the field and minimum in the refusal', () => {
    expect(requireComment('  Səbəb: yoxlanıldı ')).toBe('Səbəb: yoxlanıldı');
    expect(() => requireComment('qısa', 'solution')).toThrow(/solution must be at least 10 characters/);
  });
});
