import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ChangePasswordInput, OkResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/auth/changePassword (SPEC §7): oldpassword, newPassword (SPEC §5 rule). Needs the token.
 * Errors: 422 `wrongPassword`, 400 `validationError` with the password flags in details.
 */
export function changePassword(client: ApiClient, input: ChangePasswordInput): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/auth/changePassword',
    body: input,
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}

/** Mutation for {@link changePassword}. */
export function useChangePassword(
  options?: Omit<
    UseMutationOptions<OkResponse, ApiRequestError, ChangePasswordInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  return useMutation({
    ...options,
    mutationFn: (input: ChangePasswordInput) => changePassword(client, input),
  });
}
