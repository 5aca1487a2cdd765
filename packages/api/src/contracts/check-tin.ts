import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContractTinCheck } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/**
 * GET /api/contracts/checkTin?tin=… (SPEC §7 "TIN duplication check") → { tin, valid, holder }:
 * `holder` names the vendor or contractor that already has the TIN (null when free).
 */
export function checkTin(
  client: ApiClient,
  tin: string,
  signal?: AbortSignal,
): Promise<ContractTinCheck> {
  return client.request({
    method: 'GET',
    path: `/contracts/checkTin?tin=${encodeURIComponent(tin)}`,
    schema: () => contractsContracts().then((m) => m.contractTinCheck),
    signal,
  });
}

/** The check of a (debounced) TIN; idle until it has 10 digits. */
export function useTinCheck(tin: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: contractKeys.tin(tin),
    queryFn: ({ signal }) => checkTin(client, tin, signal),
    enabled: /^\d{10}$/.test(tin),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
