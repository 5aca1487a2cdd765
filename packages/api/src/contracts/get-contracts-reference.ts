import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractReference } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/** GET /api/contracts/reference → ContractReference: reviewers (holders of contracts.visa), active people, active counterparties, currencies. */
export function getContractsReference(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ContractReference> {
  return client.request({
    method: 'GET',
    path: '/contracts/reference',
    schema: () => contractsContracts().then((m) => m.contractReference),
    signal,
  });
}

/** The contract form's pick lists. */
export function useContractsReference() {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: contractKeys.reference(),
      queryFn: ({ signal }) => getContractsReference(client, signal),
    }),
  );
}
