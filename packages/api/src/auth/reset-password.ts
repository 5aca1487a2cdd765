import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OkResponse, ResetPasswordInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { authKeys } from './auth-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/auth/resetPassword (SPEC §7): token and the new password (SPEC §5 rule).
 * Errors: 422 `invalidResetToken` (used, expired or unknown), 400 `validationError` whose
 * details carry the password flags.
 */
export function resetPassword(client: ApiClient, input: ResetPasswordInput): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/auth/resetPassword',
    body: input,
    schema: () => errorsContracts().then((m) => m.okResponse),
    auth: false,
  });
}

/** Mutation for {@link resetPassword}; forgets the token's cached validity (it is used now). */
export function useResetPassword(
  options?: Omit<UseMutationOptions<OkResponse, ApiRequestError, ResetPasswordInput>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: ResetPasswordInput) => resetPassword(client, input),
    onSettled: (...args) => {
      queryClient.removeQueries({ queryKey: authKeys.resetToken(args[2].token) });
      return options?.onSettled?.(...args);
    },
  });
}
