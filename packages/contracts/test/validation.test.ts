import { describe, expect, it } from 'vitest';
import {
  changePasswordInput,
  loginInput,
  passwordFlags,
  tableKeyParams,
  updateUserNumberInput,
} from '../src/index';

describe('SPEC §5 password rule', () => {
  it('flags each missing character class and a short password', () => {
    expect(passwordFlags('abc')).toEqual(['uppercase', 'digit', 'minLength']);
    expect(passwordFlags('ABCDEFGH1')).toEqual(['lowercase']);
    expect(passwordFlags('Abcdefgh')).toEqual(['digit']);
    expect(passwordFlags('Demo1234')).toEqual([]);
  });

  it('counts Azerbaijani letters as letters of their case', () => {
    expect(passwordFlags('Şəkili123')).toEqual([]);
    expect(passwordFlags('ƏLİYEV123')).toEqual(['lowercase']);
  });

  it('refuses a weak new password with the flags as messages', () => {
    const result = changePasswordInput.safeParse({ oldpassword: 'x', newPassword: 'weakpass' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['uppercase', 'digit']);
  });
});

describe('login payload', () => {
  it('trims the email and accepts a missing position', () => {
    const parsed = loginInput.parse({ email: '  Admin@ServiceDesk.az ', password: 'x' });
    expect(parsed.email).toBe('Admin@ServiceDesk.az');
    expect(parsed.latitude).toBeUndefined();
  });

  it('refuses an impossible latitude', () => {
    expect(loginInput.safeParse({ email: 'a@b.c', password: 'x', latitude: 91 }).success).toBe(false);
  });
});

describe('SPEC §5 phone number', () => {
  it('accepts only 994 followed by exactly 9 digits', () => {
    expect(updateUserNumberInput.safeParse({ number: '994501234567' }).success).toBe(true);
    expect(updateUserNumberInput.safeParse({ number: '99450123456' }).success).toBe(false);
    expect(updateUserNumberInput.safeParse({ number: '9945012345678' }).success).toBe(false);
    expect(updateUserNumberInput.safeParse({ number: '(50) 1234567' }).success).toBe(false);
  });
});

describe('table key', () => {
  it('refuses keys that could escape a path or a storage namespace', () => {
    expect(tableKeyParams.safeParse({ key: 'helpdesk.requests' }).success).toBe(true);
    expect(tableKeyParams.safeParse({ key: '../etc' }).success).toBe(false);
  });
});
