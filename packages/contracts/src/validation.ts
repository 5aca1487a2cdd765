import { z } from 'zod';

/** Supported interface languages, default first (SPEC §1, §9). */
export const languageCodes = ['az', 'en', 'ru', 'tr'] as const;
export const languageCode = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageCode>;
export const defaultLanguage: LanguageCode = 'az';

/** Site themes (SPEC §1: default light). */
export const themeName = z.enum(['light', 'dark']);
export type ThemeName = z.infer<typeof themeName>;

/** Minimum password length: our decision on top of SPEC §5's three flags. */
export const PASSWORD_MIN_LENGTH = 8;

/** The flags a password can violate: SPEC §5 (lowercase, uppercase, digit) plus our minLength. */
export type PasswordFlag = 'lowercase' | 'uppercase' | 'digit' | 'minLength';

/**
 * Returns the SPEC §5 password flags a value violates, in a stable order; empty when valid.
 * Used by the client fields and by the server so both refuse the same passwords.
 */
export function passwordFlags(value: string): PasswordFlag[] {
  const flags: PasswordFlag[] = [];
  if (!/\p{Ll}/u.test(value)) flags.push('lowercase');
  if (!/\p{Lu}/u.test(value)) flags.push('uppercase');
  if (!/\d/.test(value)) flags.push('digit');
  if (value.length < PASSWORD_MIN_LENGTH) flags.push('minLength');
  return flags;
}

/** A password that satisfies SPEC §5; the issue message is the first violated flag. */
export const password = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    for (const flag of passwordFlags(value)) {
      ctx.addIssue({ code: 'custom', message: flag, params: { flag } });
    }
  });

/** Phone number digits after the country prefix (SPEC §5, §9: 9 digits). */
export const PHONE_DIGITS = 9;
/** The country prefix every stored phone number carries (SPEC §5). */
export const PHONE_PREFIX = '994';
/** `994` followed by exactly 9 digits (SPEC §7 updateUserNumber). */
export const phoneNumber = z.string().regex(/^994\d{9}$/, 'phoneNumber');

/** An email address as typed at login: trimmed and compared case-insensitively (issue #2). */
export const loginEmail = z.string().trim().min(1).max(320);

/** Maximum length of a document-circulation folder name (SPEC §5, §9). */
export const FOLDER_NAME_MAX_LENGTH = 100;

/** The flags a folder name can violate (SPEC §5), in this order. */
export type FolderNameFlag = 'required' | 'maxLength' | 'invalidCharacters' | 'reservedName';

/** Reserved device names (SPEC §5), compared case-insensitively with the whole name. */
const RESERVED_FOLDER_NAMES = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
/** Characters a folder name must not contain (SPEC §5): < > : " / \ | ? * */
const FOLDER_NAME_FORBIDDEN = /[<>:"/\\|?*]/;

/**
 * Returns the SPEC §5 folder-name flags `name` violates; empty when valid. An empty (or
 * whitespace-only) name gives only `required`. The same rule is mirrored by the ui
 * FolderNamePrompt (ui may not import contracts) so client and server refuse the same names.
 */
export function folderNameFlags(name: string): FolderNameFlag[] {
  if (name.trim() === '') return ['required'];
  const flags: FolderNameFlag[] = [];
  if (name.length > FOLDER_NAME_MAX_LENGTH) flags.push('maxLength');
  if (FOLDER_NAME_FORBIDDEN.test(name)) flags.push('invalidCharacters');
  if (RESERVED_FOLDER_NAMES.test(name.trim())) flags.push('reservedName');
  return flags;
}
