import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/**
 * GET /api/contracts/{id} → ContractDetail: the contract, its history (the approval engine's rows
 * and the module's: create, update, register, expire, deactivate, renew, remind), files, the chain
 * of renewals and `allowedActions` (the server checks again on each call). 404; 403 `forbidden`
 * (`notRecordParticipant`).
 */
export function getContract(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<ContractDetail> {
  return client.request({
    method: 'GET',
    path: encodePath`/contracts/${id}`,
    schema: () => contractsContracts().then((m) => m.contractDetail),
    signal,
  });
}

/** Query options for {@link getContract}. */
export function getContractQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => getContract(client, id, signal),
  });
}

/** One contract; idle while `id` is null. */
export function useContract(id: number | null) {
  return useQuery({ ...getContractQueryOptions(useApiClient(), id ?? 0), enabled: id !== null });
}
