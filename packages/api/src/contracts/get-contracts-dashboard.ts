import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDashboard } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/**
 * GET /api/contracts/dashboard → { endingSoon, days }: ACTIVE contracts ending within 30 days —
 * the caller's (responsible or author), or all of them with `contracts.viewAll` (lawyers, clerks,
 * the director). 403 without `contracts`.
 */
export function getContractsDashboard(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ContractDashboard> {
  return client.request({
    method: 'GET',
    path: '/contracts/dashboard',
    schema: () => contractsContracts().then((m) => m.contractDashboard),
    signal,
  });
}

/** The dashboard figure; idle while `enabled` is false (a user without contracts). */
export function useContractsDashboard(enabled = true) {
  const client = useApiClient();
  return useQuery({
    ...queryOptions({
      queryKey: contractKeys.dashboard(),
      queryFn: ({ signal }) => getContractsDashboard(client, signal),
    }),
    enabled,
  });
}
