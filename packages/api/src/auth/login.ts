import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');

/**
 * POST /api/auth/login (SPEC §7): email (trimmed here), password, latitude/longitude (null when
 * the browser refused). Answers the bearer token, its expiry (ISO-8601) and the user's info.
 * Errors: 401 `invalidCredentials` (an ordinary error here, not a lost session), 429 `rateLimited`,
 * 400 `validationError`.
 */
export function login(client: ApiClient, input: LoginInput): Promise<LoginResponse> {
  return client.request({
    method: 'POST',
    path: '/auth/login',
    body: { ...input, email: input.email.trim() },
    schema: () => authContracts().then((m) => m.loginResponse),
    auth: false,
  });
}

/** Mutation for {@link login}; the caller stores token, expiry and user in onSuccess. */
export function useLogin(
  options?: Omit<UseMutationOptions<LoginResponse, ApiRequestError, LoginInput>, 'mutationFn'>,
) {
  const client = useApiClient();
  return useMutation({ ...options, mutationFn: (input: LoginInput) => login(client, input) });
}
