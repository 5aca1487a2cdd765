import { isAdminEmail, PASSWORD_MIN_LENGTH, passwordFlags, type AdminUserRow, type LanguageCode } from '@servicedesk/contracts';

/** What the user form edits (ids as numbers, null when not chosen). */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** `994` + 9 digits, or null when the field is empty or incomplete (see `phoneText`). */
  phone: string | null;
  /** Whether anything is typed in the phone field (an incomplete number is an error, an empty one is not). */
  phoneText: boolean;
  userTypeId: number | null;
  positionId: number | null;
  locationId: number | null;
  language: LanguageCode;
  /** The initial password of a new user; '' = send a link to set one. Ignored when editing. */
  password: string;
  /** The avatar's file url (files/{id}) or null. */
  imgPath: string | null;
}

/** The fields the form can flag. */
export type UserFormField = 'firstName' | 'lastName' | 'email' | 'phone' | 'userTypeId' | 'password';

/**
 * An error of one field: an i18n key and its values (e.g. `validation.minLength` with `{min}`),
 * translated by the form.
 */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

/** An empty form for a new user (the app's default language az, SPEC §1). */
export function emptyUserForm(): UserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: null,
    phoneText: false,
    userTypeId: null,
    positionId: null,
    locationId: null,
    language: 'az',
    password: '',
    imgPath: null,
  };
}

/** The form filled from a stored user, for editing. */
export function userFormFrom(user: AdminUserRow): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    phoneText: user.phone !== null,
    userTypeId: user.userTypeId,
    positionId: user.positionId,
    locationId: user.locationId,
    language: user.language,
    password: '',
    imgPath: user.imgPath,
  };
}

/**
 * Checks the form the way the server will (contracts `adminUserFields`; SPEC §5 for the
 * password and the phone): names required, a valid email, a complete phone when one is typed,
 * a user type chosen, and for a new user a password that is empty (a link is mailed) or meets
 * the SPEC §5 rules. Returns the errors by field; empty when the form may be sent.
 */
export function validateUserForm(values: UserFormValues, isNew: boolean): Partial<Record<UserFormField, FieldError>> {
  const errors: Partial<Record<UserFormField, FieldError>> = {};
  if (values.firstName.trim() === '') errors.firstName = { key: 'validation.required' };
  if (values.lastName.trim() === '') errors.lastName = { key: 'validation.required' };
  if (values.email.trim() === '') errors.email = { key: 'validation.required' };
  else if (!isAdminEmail(values.email)) errors.email = { key: 'admin.users.form.invalidEmail' };
  if (values.phoneText && values.phone === null) errors.phone = { key: 'admin.users.form.invalidPhone' };
  if (values.userTypeId === null) errors.userTypeId = { key: 'validation.required' };
  if (isNew && values.password !== '') {
    const [flag] = passwordFlags(values.password);
    if (flag) errors.password = { key: `validation.${flag}`, values: { min: PASSWORD_MIN_LENGTH } };
  }
  return errors;
}
