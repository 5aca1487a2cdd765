/*
 * The zod-free half of ../validation.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { LanguageCode, PasswordFlag, FolderNameFlag, ThemeName } from '../validation';

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

/** Largest value of a PostgreSQL `integer`/`serial` column (int4): every id column (issue #20). */
export const INT4_MAX = 2_147_483_647;

/** Supported interface languages, default first (SPEC §1, §9). */
export const languageCodes = ['az', 'en', 'ru', 'tr'] as const;

export const defaultLanguage: LanguageCode = 'az';

/** Whether `value` is one of {@link languageCodes}. */
export const isLanguageCode = (value: unknown): value is LanguageCode => (languageCodes as readonly unknown[]).includes(value);

/** Site themes (SPEC §1: default light). */
export const themeNames = ['light', 'dark'] as const;

/** Whether `value` is one of {@link themeNames}. */
export const isThemeName = (value: unknown): value is ThemeName => (themeNames as readonly unknown[]).includes(value);

/** Whether `value` is one of `values` (a list of codes such as HELPDESK_STATUSES): a zod-free enum check. */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/** Minimum password length: our decision on top of SPEC §5's three flags. */
export const PASSWORD_MIN_LENGTH = 8;

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

/** Phone number digits after the country prefix (SPEC §5, §9: 9 digits). */
export const PHONE_DIGITS = 9;

/** The country prefix every stored phone number carries (SPEC §5). */
export const PHONE_PREFIX = '994';

/** Maximum length of a document-circulation folder name (SPEC §5, §9). */
export const FOLDER_NAME_MAX_LENGTH = 100;

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
