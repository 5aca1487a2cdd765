import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectorySettings, DirectorySyncResponse, DirectorySyncRun, DirectoryTestResult } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint). */
const directoryContracts = () => import('@servicedesk/contracts/directory');

/** Query keys of the company-directory administration. */
export const directoryKeys = {
  all: ['admin', 'directory'] as const,
  settings: () => [...directoryKeys.all, 'settings'] as const,
  runs: () => [...directoryKeys.all, 'runs'] as const,
};

/** GET /api/admin/directory → the LDAP_* configuration in effect (no password). 403 without `admin.directory`. */
export function getDirectorySettings(client: ApiClient, signal?: AbortSignal): Promise<DirectorySettings> {
  return client.request({ method: 'GET', path: '/admin/directory', schema: () => directoryContracts().then((m) => m.directorySettings), signal });
}

/** GET /api/admin/directory/runs → the last 20 sync runs, newest first. */
export function getDirectoryRuns(client: ApiClient, signal?: AbortSignal): Promise<DirectorySyncRun[]> {
  return client.request({ method: 'GET', path: '/admin/directory/runs', schema: () => directoryContracts().then((m) => m.directorySyncRunList), signal });
}

/** POST /api/admin/directory/test → service bind, user search and one user as mapped. 422 `directoryNotConfigured`. */
export function testDirectory(client: ApiClient): Promise<DirectoryTestResult> {
  return client.request({ method: 'POST', path: '/admin/directory/test', schema: () => directoryContracts().then((m) => m.directoryTestResult) });
}

/** POST /api/admin/directory/preview → { run, plan }: what a sync would write. 503 `directoryUnavailable`. */
export function previewDirectorySync(client: ApiClient): Promise<DirectorySyncResponse> {
  return client.request({ method: 'POST', path: '/admin/directory/preview', schema: () => directoryContracts().then((m) => m.directorySyncResponse) });
}

/**
 * POST /api/admin/directory/apply { confirmed } → { run, plan }. 422 `directoryConfirmationNeeded`
 * `{ count, total, percent }` when the plan deactivates more than the allowed share and
 * `confirmed` is not true; 409 `directorySyncRunning`; 503 `directoryUnavailable`.
 */
export function applyDirectorySync(client: ApiClient, confirmed: boolean): Promise<DirectorySyncResponse> {
  return client.request({ method: 'POST', path: '/admin/directory/apply', body: { confirmed }, schema: () => directoryContracts().then((m) => m.directorySyncResponse) });
}

export function directorySettingsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: directoryKeys.settings(), queryFn: ({ signal }) => getDirectorySettings(client, signal) });
}

/** The configuration in effect. */
export function useDirectorySettings() {
  return useQuery(directorySettingsQueryOptions(useApiClient()));
}

/** The recorded runs; asked again after every test, preview and apply. */
export function useDirectoryRuns() {
  const client = useApiClient();
  return useQuery({ queryKey: directoryKeys.runs(), queryFn: ({ signal }) => getDirectoryRuns(client, signal), staleTime: 0 });
}

function useRefreshRuns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: directoryKeys.runs() });
}

/** The connection test. */
export function useTestDirectory() {
  const client = useApiClient();
  return useMutation<DirectoryTestResult, ApiRequestError, void>({ mutationFn: () => testDirectory(client) });
}

/** A sync preview (recorded as a run). */
export function usePreviewDirectorySync() {
  const client = useApiClient();
  const refresh = useRefreshRuns();
  return useMutation<DirectorySyncResponse, ApiRequestError, void>({ mutationFn: () => previewDirectorySync(client), onSettled: refresh });
}

/** Applying a sync; the variable is the confirmation of a plan over the deactivation share. */
export function useApplyDirectorySync() {
  const client = useApiClient();
  const refresh = useRefreshRuns();
  return useMutation<DirectorySyncResponse, ApiRequestError, boolean>({ mutationFn: (confirmed) => applyDirectorySync(client, confirmed), onSettled: refresh });
}
