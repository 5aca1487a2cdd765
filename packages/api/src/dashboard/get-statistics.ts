import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatistics, type DashboardStatistics } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/dashboard/statistics (ours): the figures the dashboard greets the user with. */
export function getStatistics(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<DashboardStatistics> {
  return client.request({
    method: 'GET',
    path: '/dashboard/statistics',
    schema: dashboardStatistics,
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
