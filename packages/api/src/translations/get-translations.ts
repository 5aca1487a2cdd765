import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode, TranslationHistoryItem, TranslationListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { translationKeys } from './translations-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const translationsContracts = () => import('@servicedesk/contracts/translations');

/** What the list call takes (the query string of contracts translationListQuery, typed for callers). */
export interface TranslationsQuery {
  lang: LanguageCode;
  /** Matches key, shipped text or override, ignoring case and accents; blank = all. */
  search?: string;
  /** Only keys with an override. */
  overriddenOnly?: boolean;
  /** Rows to skip (paging). @default 0 */
  skip?: number;
  /** Page size, at most TRANSLATIONS_PAGE_MAX. @default TRANSLATIONS_PAGE_SIZE (50) */
  take?: number;
}

function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/**
 * GET /api/admin/translations?lang&search&overriddenOnly&skip&take (issue #5 translation
 * editing) → `{ total, rows }`: the keys of one language sorted by key, each with the shipped
 * text, the override (or null) and the value the app shows. `search` matches key, shipped text
 * or override, ignoring case and accents. 403 without `admin.translations`.
 */
export function getTranslations(client: ApiClient, query: TranslationsQuery, signal?: AbortSignal): Promise<TranslationListResponse> {
  const qs = queryString({
    lang: query.lang,
    search: query.search?.trim() || undefined,
    overriddenOnly: query.overriddenOnly ? 'true' : undefined,
    skip: query.skip,
    take: query.take,
  });
  return client.request({ method: 'GET', path: `/admin/translations?${qs}`, schema: () => translationsContracts().then((m) => m.translationListResponse), signal });
}

/** Query options for {@link getTranslations}. */
export function getTranslationsQueryOptions(client: ApiClient, query: TranslationsQuery) {
  return queryOptions({
    queryKey: translationKeys.list(query),
    queryFn: ({ signal }) => getTranslations(client, query, signal),
  });
}

/** One page of keys; keeps showing the previous page while the next search loads. */
export function useTranslations(query: TranslationsQuery) {
  return useQuery({ ...getTranslationsQueryOptions(useApiClient(), query), placeholderData: keepPreviousData });
}

/** GET /api/admin/translations/history?lang&key → the changes of one key, newest first. */
export function getTranslationHistory(client: ApiClient, lang: LanguageCode, key: string, signal?: AbortSignal): Promise<TranslationHistoryItem[]> {
  return client.request({
    method: 'GET',
    path: `/admin/translations/history?${queryString({ lang, key })}`,
    schema: () => translationsContracts().then((m) => m.translationHistoryResponse),
    signal,
  });
}

/** The history of one key; idle while `key` is null. */
export function useTranslationHistory(lang: LanguageCode, key: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: translationKeys.history(lang, key ?? ''),
    queryFn: ({ signal }) => getTranslationHistory(client, lang, key ?? '', signal),
    enabled: key !== null,
  });
}
