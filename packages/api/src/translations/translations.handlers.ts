import { http, HttpResponse } from 'msw';
import {
  placeholdersOf,
  resetTranslationInput,
  setTranslationInput,
  translationHistoryQuery,
  translationListQuery,
  type LanguageCode,
  type TranslationHistoryItem,
  type TranslationRow,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { translationsFixture } from './translations.fixtures';

/** Case- and accent-insensitive form (as the server's Azerbaijani normaliser: ə→e, ı→i, ş→s, …). */
const fold = (s: string) =>
  s
    .toLocaleLowerCase('az')
    .replace(/ə/g, 'e')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/**
 * MSW handlers of /api/admin/translations with in-memory overrides like the server: search over
 * key, shipped text and override ignoring case and accents, overriddenOnly, paging; PUT checks
 * the placeholders (422 `placeholderMismatch`) and unknown keys (404 `unknownTranslationKey`);
 * reset drops the override; every change goes into the key's history. Create a fresh set per test.
 */
export function createTranslationsHandlers() {
  const rows: Record<LanguageCode, TranslationRow[]> = {
    az: translationsFixture.az.map((r) => ({ ...r })),
    en: translationsFixture.en.map((r) => ({ ...r })),
    ru: translationsFixture.ru.map((r) => ({ ...r })),
    tr: translationsFixture.tr.map((r) => ({ ...r })),
  };
  const history = new Map<string, TranslationHistoryItem[]>();

  const change = (lang: LanguageCode, key: string, value: string | null) => {
    const row = rows[lang].find((r) => r.key === key);
    if (!row) return null;
    const at = new Date().toISOString();
    const list = history.get(`${lang}:${key}`) ?? [];
    list.unshift({ value, previous: row.override, changedBy: 'Aysel Məmmədova', changedAt: at });
    history.set(`${lang}:${key}`, list);
    Object.assign(row, {
      override: value,
      value: value ?? row.shipped,
      updatedBy: value === null ? null : 'Aysel Məmmədova',
      updatedAt: value === null ? null : at,
    });
    return row;
  };

  return [
    http.get(apiPath('/admin/translations'), ({ request }) => {
      const parsed = translationListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { lang, search, overriddenOnly, skip, take } = parsed.data;
      const needle = fold(search?.trim() ?? '');
      const matching = rows[lang].filter(
        (r) =>
          (!overriddenOnly || r.override !== null) &&
          (needle === '' || [r.key, r.shipped, r.override ?? ''].some((text) => fold(text).includes(needle))),
      );
      return HttpResponse.json({ total: matching.length, rows: matching.slice(skip, skip + take) });
    }),
    http.put(apiPath('/admin/translations'), async ({ request }) => {
      const parsed = setTranslationInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { lang, key, value } = parsed.data;
      const row = rows[lang].find((r) => r.key === key);
      if (!row) return errorResponse(404, 'unknownTranslationKey', `No shipped text for ${key}`);
      const expected = placeholdersOf(row.shipped);
      const actual = placeholdersOf(value);
      if (expected.join() !== actual.join()) {
        return errorResponse(422, 'placeholderMismatch', 'The placeholders must stay those of the shipped text', { expected, actual });
      }
      return HttpResponse.json(change(lang, key, value));
    }),
    http.post(apiPath('/admin/translations/reset'), async ({ request }) => {
      const parsed = resetTranslationInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const row = change(parsed.data.lang, parsed.data.key, null);
      return row ? HttpResponse.json(row) : errorResponse(404, 'unknownTranslationKey', `No shipped text for ${parsed.data.key}`);
    }),
    http.get(apiPath('/admin/translations/history'), ({ request }) => {
      const parsed = translationHistoryQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      return HttpResponse.json(history.get(`${parsed.data.lang}:${parsed.data.key}`) ?? []);
    }),
  ];
}

/** A shared default set of the translation handlers. */
export const translationsHandlers = createTranslationsHandlers();
