import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevokedSessionsResponse, UserSession } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { authKeys } from './auth-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/auth/logout (issue #20): ends the current session on the server. Fire and forget:
 * the Authorization header is read now, so the caller may clear the stored session right after
 * (the web's sign-out does); `keepalive` lets the call finish while the page navigates away.
 * Never throws and never triggers the 401 handling.
 */
export function endSession(client: ApiClient): void {
  const headers = client.headers();
  if (!headers.Authorization) return;
  void fetch(`${client.baseUrl}/auth/logout`, { method: 'POST', headers, keepalive: true }).catch(() => undefined);
}

/** GET /api/auth/sessions (issue #20): my open sessions, most recently seen first; `isCurrent` marks this browser's. */
export function listSessions(client: ApiClient, signal?: AbortSignal): Promise<UserSession[]> {
  return client.request({ method: 'GET', path: '/auth/sessions', schema: () => authContracts().then((m) => m.userSessionList), signal });
}

/** Query options for {@link listSessions}. */
export function sessionsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: authKeys.sessions(), queryFn: ({ signal }) => listSessions(client, signal) });
}

/** My open sessions (the profile's "Sessions" card). */
export function useSessions() {
  return useQuery(sessionsQueryOptions(useApiClient()));
}

/** POST /api/auth/sessions/{id}/revoke (issue #20): signs one of my sessions out. 404 `notFound` when it already ended. */
export function revokeSession(client: ApiClient, id: string): Promise<{ ok: true }> {
  return client.request({ method: 'POST', path: encodePath`/auth/sessions/${id}/revoke`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/** POST /api/auth/sessions/revokeOthers (issue #20): "sign out everywhere else" → { revoked }. */
export function revokeOtherSessions(client: ApiClient): Promise<RevokedSessionsResponse> {
  return client.request({ method: 'POST', path: '/auth/sessions/revokeOthers', schema: () => authContracts().then((m) => m.revokedSessionsResponse) });
}

/** Mutation for {@link revokeSession}; refreshes the sessions list when done. */
export function useRevokeSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiRequestError, string>({
    mutationFn: (id) => revokeSession(client, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}

/** Mutation for {@link revokeOtherSessions}; refreshes the sessions list when done. */
export function useRevokeOtherSessions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<RevokedSessionsResponse, ApiRequestError, void>({
    mutationFn: () => revokeOtherSessions(client),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
