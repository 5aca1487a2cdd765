import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStatistics } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { dashboardKeys } from './dashboard-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const dashboardContracts = () => import('@servicedesk/contracts/dashboard');

/** GET /api/dashboard/statistics (ours): the figures the dashboard greets the user with. */
export function getStatistics(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<DashboardStatistics> {
  return client.request({
    method: 'GET',
    path: '/dashboard/statistics',
    schema: () => dashboardContracts().then((m) => m.dashboardStatistics),
    signal,
  });
}

/** Query options for {@link getStatistics} (fresh for a minute). */
export function getStatisticsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: dashboardKeys.statistics(),
    queryFn: ({ signal }) => getStatistics(client, signal),
    staleTime: 60_000,
  });
}

/** The dashboard's figures. */
export function useStatistics() {
  return useQuery(getStatisticsQueryOptions(useApiClient()));
}
