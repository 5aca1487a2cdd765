import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ResetTranslationInput, SetTranslationInput, TranslationRow } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { translationKeys } from './translations-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const translationsContracts = () => import('@servicedesk/contracts/translations');

/**
 * PUT /api/admin/translations { lang, key, value } → the TranslationRow with its override. The
 * app shows it after a reload (GET /assets/i18n/{lang}.json serves the overrides merged). Errors:
 * 404 `unknownTranslationKey`, 422 `placeholderMismatch` (details PlaceholderMismatchDetails:
 * the `{{placeholders}}` must stay those of the shipped text), 403 without
 * `admin.translations.update`.
 */
export function setTranslation(client: ApiClient, input: SetTranslationInput): Promise<TranslationRow> {
  return client.request({ method: 'PUT', path: '/admin/translations', body: input, schema: () => translationsContracts().then((m) => m.translationRow) });
}

/** POST /api/admin/translations/reset { lang, key } → the TranslationRow back on the shipped text. */
export function resetTranslation(client: ApiClient, input: ResetTranslationInput): Promise<TranslationRow> {
  return client.request({ method: 'POST', path: '/admin/translations/reset', body: input, schema: () => translationsContracts().then((m) => m.translationRow) });
}

type Options<TVariables> = Omit<UseMutationOptions<TranslationRow, ApiRequestError, TVariables>, 'mutationFn'>;

function useRefreshing<TVariables extends { lang: SetTranslationInput['lang']; key: string }>(
  call: (client: ApiClient, variables: TVariables) => Promise<TranslationRow>,
  options?: Options<TVariables>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (variables: TVariables) => call(client, variables),
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: translationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: translationKeys.history(args[1].lang, args[1].key) }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link setTranslation}; refreshes the lists and the key's history. */
export const useSetTranslation = (options?: Options<SetTranslationInput>) => useRefreshing(setTranslation, options);
/** Mutation for {@link resetTranslation}; refreshes the lists and the key's history. */
export const useResetTranslation = (options?: Options<ResetTranslationInput>) => useRefreshing(resetTranslation, options);
