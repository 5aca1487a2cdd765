import { z } from 'zod';
import { INVALID_CHARACTERS, isSafeText, INT4_MAX, languageCodes, passwordFlags, themeNames } from './plain/validation';
export { INVALID_CHARACTERS, isSafeText, findUnsafeText, INT4_MAX, languageCodes, defaultLanguage, isLanguageCode, themeNames, isThemeName, isOneOf, PASSWORD_MIN_LENGTH, passwordFlags, PHONE_DIGITS, PHONE_PREFIX, FOLDER_NAME_MAX_LENGTH, folderNameFlags } from './plain/validation';

/**
 * A string refusing NUL and lone surrogates (issue #20) with the issue message
 * `invalidCharacters`; chain `.min()`/`.max()`/`.trim()` as on any z.string(). The server also
 * checks every request once (plugins/input-hygiene.ts); schemas use this so a client form
 * refuses the same text before sending.
 */
export const safeText = () => z.string().refine(isSafeText, { message: INVALID_CHARACTERS });

/**
 * A record id in a JSON body: an integer 1..2147483647 (what a `serial` column holds), so an id
 * beyond 32 bits is a 400 `validationError`, not a database error (issue #20).
 */
export const id = z.number().int().min(1).max(INT4_MAX);

/** A record id in a path or query string ("42"): coerced, then bounded as {@link id}. */
export const idParam = z.coerce.number().int().min(1).max(INT4_MAX);
export const languageCode = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageCode>;

/** Site themes (SPEC §1: default light; the names: {@link themeNames}). */
export const themeName = z.enum(themeNames);
export type ThemeName = z.infer<typeof themeName>;

/** The flags a password can violate: SPEC §5 (lowercase, uppercase, digit) plus our minLength. */
export type PasswordFlag = 'lowercase' | 'uppercase' | 'digit' | 'minLength';

/** A password that satisfies SPEC §5; the issue message is the first violated flag. */
export const password = z
  .string()
  .max(200)
  .refine(isSafeText, { message: INVALID_CHARACTERS })
  .superRefine((value, ctx) => {
    for (const flag of passwordFlags(value)) {
      ctx.addIssue({ code: 'custom', message: flag, params: { flag } });
    }
  });
/** `994` followed by exactly 9 digits (SPEC §7 updateUserNumber). */
export const phoneNumber = z.string().regex(/^994\d{9}$/, 'phoneNumber');

/** An email address as typed at login: trimmed and compared case-insensitively (issue #2). */
export const loginEmail = z.string().trim().min(1).max(320).refine(isSafeText, { message: INVALID_CHARACTERS });

/** The flags a folder name can violate (SPEC §5), in this order. */
export type FolderNameFlag = 'required' | 'maxLength' | 'invalidCharacters' | 'reservedName';

/**
 * A calendar date `YYYY-MM-DD` that exists (2026-02-30 is refused; message `date`): contract
 * terms, invoice and payment dates, debt-report entries — dates without a time zone.
 */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'date');
