import { z } from 'zod';
import { languageCode } from './validation';
import { TRANSLATION_VALUE_MAX_LENGTH, TRANSLATIONS_PAGE_SIZE, TRANSLATIONS_PAGE_MAX } from './plain/translations';
export { TRANSLATION_VALUE_MAX_LENGTH, TRANSLATIONS_PAGE_SIZE, TRANSLATIONS_PAGE_MAX, placeholdersOf, TRANSLATION_ALLOWED_TAGS, disallowedMarkup } from './plain/translations';

/**
 * GET /api/admin/translations query: `lang`; `search` matches the key, the shipped text or the
 * override, case- and accent-insensitively (the Azerbaijani normaliser); `overriddenOnly` keeps
 * edited keys; `skip`/`take` page the key-sorted list.
 */
export const translationListQuery = z.object({
  lang: languageCode,
  search: z.string().max(200).optional(),
  overriddenOnly: z.stringbool().optional(),
  skip: z.coerce.number().int().nonnegative().default(0),
  take: z.coerce.number().int().positive().max(TRANSLATIONS_PAGE_MAX).default(TRANSLATIONS_PAGE_SIZE),
});
export type TranslationListQuery = z.input<typeof translationListQuery>;

/**
 * One key of a language: `shipped` (the file's text), `override` (null when none), `value`
 * (what the app shows: the override, else the shipped text), who changed it last and when
 * (ISO 8601; null when not overridden).
 */
export const translationRow = z.object({
  key: z.string(),
  shipped: z.string(),
  override: z.string().nullable(),
  value: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().datetime().nullable(),
});
export type TranslationRow = z.infer<typeof translationRow>;

/** GET /api/admin/translations answer: `total` rows matching (for paging) and this page. */
export const translationListResponse = z.object({
  total: z.number().int().nonnegative(),
  rows: z.array(translationRow),
});
export type TranslationListResponse = z.infer<typeof translationListResponse>;

/**
 * PUT /api/admin/translations payload: set the override of `key` in `lang`. 404 `unknownTranslationKey`
 * for a key not in the shipped files; 422 `placeholderMismatch` (details PlaceholderMismatchDetails)
 * when the value drops or adds a `{{placeholder}}`; 422 `unsafeMarkup` (details { markup }) for
 * markup outside TRANSLATION_ALLOWED_TAGS (see disallowedMarkup).
 */
export const setTranslationInput = z.object({
  lang: languageCode,
  key: z.string().min(1).max(300),
  value: z.string().trim().min(1).max(TRANSLATION_VALUE_MAX_LENGTH),
});
export type SetTranslationInput = z.infer<typeof setTranslationInput>;

/** POST /api/admin/translations/reset payload: drop the override, back to the shipped text. */
export const resetTranslationInput = z.object({ lang: languageCode, key: z.string().min(1).max(300) });
export type ResetTranslationInput = z.infer<typeof resetTranslationInput>;

/** `details` of a 422 `placeholderMismatch`: what the shipped text has and what the value had. */
export const placeholderMismatchDetails = z.object({
  expected: z.array(z.string()),
  actual: z.array(z.string()),
});
export type PlaceholderMismatchDetails = z.infer<typeof placeholderMismatchDetails>;

/** GET /api/admin/translations/history query: the audit of one key of one language. */
export const translationHistoryQuery = z.object({ lang: languageCode, key: z.string().min(1).max(300) });
/**
 * One change: `value` the new override (null = reset to shipped), `previous` the override before
 * (null = was shipped), who and when (ISO 8601). Newest first.
 */
export const translationHistoryItem = z.object({
  value: z.string().nullable(),
  previous: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string().datetime(),
});
export type TranslationHistoryItem = z.infer<typeof translationHistoryItem>;
export const translationHistoryResponse = z.array(translationHistoryItem);
