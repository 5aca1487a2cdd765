import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { CheckCurrentPasswordInput, CheckCurrentPasswordResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');

/**
 * POST /api/auth/checkCurrectPassword (SPEC §7; the spelling is the spec's): whether
 * `password` is the signed-in user's current password. Needs the token.
 */
export function checkCurrentPassword(
  client: ApiClient,
  input: CheckCurrentPasswordInput,
): Promise<CheckCurrentPasswordResponse> {
  return client.request({
    method: 'POST',
    path: '/auth/checkCurrectPassword',
    body: input,
    schema: () => authContracts().then((m) => m.checkCurrentPasswordResponse),
  });
}

/** Mutation for {@link checkCurrentPassword} (a check on demand, e.g. on blur of the old-password field). */
export function useCheckCurrentPassword(
  options?: Omit<
    UseMutationOptions<CheckCurrentPasswordResponse, ApiRequestError, CheckCurrentPasswordInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  return useMutation({
    ...options,
    mutationFn: (input: CheckCurrentPasswordInput) => checkCurrentPassword(client, input),
  });
}
