import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { LanguageCode, OkResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * GET /api/global/updateUserSelectedLanguage/{code} (SPEC §4, §7): tells the server the
 * language the user chose; sent whenever the language changes. A GET by the spec, but it
 * changes state, so it is a mutation here.
 */
export function updateUserSelectedLanguage(
  client: ApiClient,
  code: LanguageCode,
): Promise<OkResponse> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/updateUserSelectedLanguage/${code}`,
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}

/**
 * Mutation for {@link updateUserSelectedLanguage}. On success every query is invalidated:
 * server texts (specodes, profile) come back in the new Accept-Language.
 */
export function useUpdateUserSelectedLanguage(
  options?: Omit<UseMutationOptions<OkResponse, ApiRequestError, LanguageCode>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (code: LanguageCode) => updateUserSelectedLanguage(client, code),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries();
      return options?.onSuccess?.(...args);
    },
  });
}
