import { describe, expect, it } from 'vitest';
import { sessionUser } from '@servicedesk/contracts';
import { readSessionUser } from './storage';

const user = {
  id: 7,
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  email: 'aysel@example.az',
  imgPath: null,
  language: 'az',
  theme: 'light',
  userTypeId: 2,
  userTypeName: 'Employee',
};

/** The stored user and variants of it: each field missing, null, of another type or out of its set. */
function variants(): unknown[] {
  const out: unknown[] = [user, { ...user, imgPath: 'files/1' }, { ...user, extra: 1 }, null, [], 'user', 42];
  const odd = [undefined, null, '', 'x', 0, 1.5, 2 ** 60, -3, true, {}, [], 'ru', 'dark', 'DE'];
  for (const key of Object.keys(user)) {
    const { [key as keyof typeof user]: _dropped, ...without } = user;
    out.push(without);
    for (const value of odd) out.push({ ...user, [key]: value });
  }
  return out;
}

describe('readSessionUser (the stored user without zod, issue #19)', () => {
  it('accepts and refuses exactly what contracts sessionUser does, with the same result', () => {
    for (const value of variants()) {
      const parsed = sessionUser.safeParse(value);
      expect(readSessionUser(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
