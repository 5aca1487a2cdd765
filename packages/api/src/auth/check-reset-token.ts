import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckResetTokenResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { authKeys } from './auth-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');

/** GET /api/auth/checkResetToken/{token} (SPEC §7): `isValid` only while the token is unused and unexpired. */
export function checkResetToken(
  client: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<CheckResetTokenResponse> {
  return client.request({
    method: 'GET',
    path: encodePath`/auth/checkResetToken/${token}`,
    schema: () => authContracts().then((m) => m.checkResetTokenResponse),
    signal,
    auth: false,
  });
}

/** Query options for {@link checkResetToken}; never retried (an invalid token stays invalid). */
export function checkResetTokenQueryOptions(client: ApiClient, token: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) => checkResetToken(client, token, signal),
    retry: false,
    staleTime: 0,
  });
}

/** Whether the reset link the user opened can still be used. */
export function useCheckResetToken(token: string) {
  return useQuery(checkResetTokenQueryOptions(useApiClient(), token));
}
