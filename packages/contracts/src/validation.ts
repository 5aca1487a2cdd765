import { z } from 'zod';

/**
 * Characters no text field may hold (issue #20): NUL (`\u0000`, which PostgreSQL's text type
 * refuses) and a lone UTF-16 surrogate (half of a pair, which no UTF-8 encoding can carry and
 * which would be stored as U+FFFD). The 400 issue message for them is `invalidCharacters`.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The issue message (and SPEC-style flag) of a text refused by {@link isSafeText}. */
export const INVALID_CHARACTERS = 'invalidCharacters';

/** True when `value` holds neither NUL nor a lone surrogate (issue #20). */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The dotted path (`name`, `columns.0.key`; `''` for the value itself) of the first string in
 * `value` — object keys included, arrays and nested objects walked — that {@link isSafeText}
 * refuses, or null when every string is clean. The server runs it over every request's body,
 * query and params (apps/server plugins/input-hygiene.ts), so no route needs to remember it.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return at;
    const found = findUnsafeText(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A string refusing NUL and lone surrogates (issue #20) with the issue message
 * `invalidCharacters`; chain `.min()`/`.max()`/`.trim()` as on any z.string(). The server also
 * checks every request once (plugins/input-hygiene.ts); schemas use this so a client form
 * refuses the same text before sending.
 */
export const safeText = () => z.string().refine(isSafeText, { message: INVALID_CHARACTERS });

/** Largest value of a PostgreSQL `integer`/`serial` column (int4): every id column (issue #20). */
export const INT4_MAX = 2_147_483_647;

/**
 * A record id in a JSON body: an integer 1..2147483647 (what a `serial` column holds), so an id
 * beyond 32 bits is a 400 `validationError`, not a database error (issue #20).
 */
export const id = z.number().int().min(1).max(INT4_MAX);

/** A record id in a path or query string ("42"): coerced, then bounded as {@link id}. */
export const idParam = z.coerce.number().int().min(1).max(INT4_MAX);

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
  .refine(isSafeText, { message: INVALID_CHARACTERS })
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
export const loginEmail = z.string().trim().min(1).max(320).refine(isSafeText, { message: INVALID_CHARACTERS });

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
