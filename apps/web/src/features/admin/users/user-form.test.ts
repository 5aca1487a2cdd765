import { describe, expect, it } from 'vitest';
import { emptyUserForm, validateUserForm, type UserFormValues } from './user-form';

const valid: UserFormValues = {
  ...emptyUserForm(),
  firstName: 'Leyla',
  lastName: 'Qasımova',
  email: 'leyla@servicedesk.az',
  userTypeId: 2,
};

describe('validateUserForm', () => {
  it('accepts a complete form, with or without a phone and a password', () => {
    expect(validateUserForm(valid, true)).toEqual({});
    expect(validateUserForm({ ...valid, phone: '994501234567', phoneText: true, password: 'Strong-2026' }, true)).toEqual({});
  });

  it('requires the names, the email and the user type', () => {
    expect(Object.keys(validateUserForm(emptyUserForm(), true)).sort()).toEqual(['email', 'firstName', 'lastName', 'userTypeId']);
    expect(validateUserForm({ ...valid, firstName: '   ' }, false).firstName).toEqual({ key: 'validation.required' });
  });

  it('refuses an email without a domain, and an incomplete phone, but not an empty phone', () => {
    expect(validateUserForm({ ...valid, email: 'leyla@servicedesk' }, true).email?.key).toBe('admin.users.form.invalidEmail');
    expect(validateUserForm({ ...valid, phone: null, phoneText: true }, true).phone?.key).toBe('admin.users.form.invalidPhone');
    expect(validateUserForm({ ...valid, phone: null, phoneText: false }, true).phone).toBeUndefined();
  });

  it('checks a new user\'s password by the SPEC §5 rules, and ignores it when editing', () => {
    expect(validateUserForm({ ...valid, password: 'short' }, true).password).toMatchObject({ key: 'validation.uppercase' });
    expect(validateUserForm({ ...valid, password: 'alllowercase1' }, true).password).toMatchObject({ key: 'validation.uppercase' });
    expect(validateUserForm({ ...valid, password: 'Abcdefg1' }, true).password).toBeUndefined();
    expect(validateUserForm({ ...valid, password: 'short' }, false).password).toBeUndefined();
  });
});
