import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { PHONE_PREFIX, type OkResponse, type UpdateUserNumberInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * Turns what the masked input shows, "(50) 1234567", into the number the server stores,
 * "994501234567" (SPEC §5: parentheses and space removed, exactly 9 digits, prefix 994).
 * Returns null when the input does not hold exactly 9 digits (the field shows invalid and
 * save does nothing).
 */
export function toPhoneNumber(masked: string): string | null {
  const digits = masked.replace(/[()\s]/g, '');
  return /^\d{9}$/.test(digits) ? PHONE_PREFIX + digits : null;
}

/**
 * POST /api/global/updateUserNumber (SPEC §7): `number` is 994 followed by 9 digits (see
 * {@link toPhoneNumber}). Errors: 400 `validationError`.
 */
export function updateUserNumber(
  client: ApiClient,
  input: UpdateUserNumberInput,
): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/global/updateUserNumber',
    body: input,
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}

/**
 * Mutation for {@link updateUserNumber}; refreshes hasWpNumber (getUserLists) and the profile.
 * The caller shows the wpNumberUpdated toast top-centre (SPEC §7).
 */
export function useUpdateUserNumber(
  options?: Omit<
    UseMutationOptions<OkResponse, ApiRequestError, UpdateUserNumberInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: UpdateUserNumberInput) => updateUserNumber(client, input),
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: globalKeys.userLists() }),
        queryClient.invalidateQueries({ queryKey: globalKeys.currentUser() }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}
