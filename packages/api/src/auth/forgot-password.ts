import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ForgotPasswordInput, OkResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/auth/forgotPassword: queues a single-use reset link. Answers `{ ok: true }` whether
 * or not the email exists (no account probing). Errors: 429 `rateLimited`, 400 `validationError`.
 */
export function forgotPassword(client: ApiClient, input: ForgotPasswordInput): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/auth/forgotPassword',
    body: { email: input.email.trim() },
    schema: () => errorsContracts().then((m) => m.okResponse),
    auth: false,
  });
}

/** Mutation for {@link forgotPassword}. */
export function useForgotPassword(
  options?: Omit<
    UseMutationOptions<OkResponse, ApiRequestError, ForgotPasswordInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  return useMutation({
    ...options,
    mutationFn: (input: ForgotPasswordInput) => forgotPassword(client, input),
  });
}
