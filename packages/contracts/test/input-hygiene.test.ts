import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INT4_MAX, findUnsafeText, id, idParam, isSafeText, loginEmail, password, safeText } from '../src';

describe('isSafeText (issue #20)', () => {
  it('refuses NUL and lone surrogates, keeps every well-formed text', () => {
    expect(isSafeText('Bakı 🙂 Ağ')).toBe(true);
    expect(isSafeText('')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udc00')).toBe(false);
    expect(isSafeText('\ud83d\ude42\ud800')).toBe(false);
  });

  it('names the first bad string of a nested value, keys included', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'ok' }, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findUnsafeText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnsafeText(['\ud800'])).toBe('0');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ n: 1, b: true, z: null, s: 'ok' })).toBeNull();
  });

  it('safeText, loginEmail and password refuse them with the issue message invalidCharacters', () => {
    const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(issues(safeText().max(10), 'a\u0000')).toEqual(['invalidCharacters']);
    expect(issues(loginEmail, 'a\u0000@b.az')).toEqual(['invalidCharacters']);
    expect(issues(password, 'Demo1234\u0000')).toContain('invalidCharacters');
    expect(issues(password, 'Demo1234')).toEqual([]);
  });
});

describe('id and idParam (issue #20)', () => {
  it('hold exactly what an int4 column holds', () => {
    expect(id.safeParse(1).success).toBe(true);
    expect(id.safeParse(INT4_MAX).success).toBe(true);
    expect(id.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(id.safeParse(0).success).toBe(false);
    expect(id.safeParse(1.5).success).toBe(false);
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.safeParse('99999999999').success).toBe(false);
  });
});
