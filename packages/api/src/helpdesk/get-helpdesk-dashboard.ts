import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpdeskDashboard } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * GET /api/helpdesk/dashboard (issue #6 "Dashboard widgets") → HelpdeskDashboard: the caller's
 * open requests, assigned to them, their groups' queue (NEW/APPROVED not taken), overdue
 * visible ones, and visible requests per status (every status, 0 when none) and per priority
 * (open ones). Needs `helpdesk.requests` (403 otherwise).
 */
export function getHelpdeskDashboard(client: ApiClient, signal?: AbortSignal): Promise<HelpdeskDashboard> {
  return client.request({ method: 'GET', path: '/helpdesk/dashboard', schema: () => helpdeskContracts().then((m) => m.helpdeskDashboard), signal });
}

/** Query options for {@link getHelpdeskDashboard}. */
export function getHelpdeskDashboardQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: helpdeskKeys.dashboard(), queryFn: ({ signal }) => getHelpdeskDashboard(client, signal) });
}

/** The help-desk dashboard figures; idle while `enabled` is false (a user without the help desk). */
export function useHelpdeskDashboard(enabled = true) {
  return useQuery({ ...getHelpdeskDashboardQueryOptions(useApiClient()), enabled });
}
