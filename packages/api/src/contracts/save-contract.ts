import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ContractDetail, SaveContractInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/**
 * POST /api/contracts/save (SPEC §7 "contracts save") SaveContractInput → ContractDetail: without
 * `id` a DRAFT by the caller; with `id` an edit by its author while DRAFT or RETURNED. Errors: 409
 * `duplicateTin` (details: the counterparty that has it) / `duplicateName` for a new counterparty;
 * 422 `endBeforeStart`, `unknownCounterparty`, `invalidReviewer`, `unknownResponsible`,
 * `contractNotEditable`; 403 `notAuthor` or without `contracts.create`.
 */
export function saveContract(client: ApiClient, input: SaveContractInput): Promise<ContractDetail> {
  return client.request({
    method: 'POST',
    path: '/contracts/save',
    body: input,
    schema: () => contractsContracts().then((m) => m.contractDetail),
  });
}

/** Mutation for {@link saveContract}: caches the answer, refreshes the lists and the form's counterparties. */
export function useSaveContract(
  options?: Omit<
    UseMutationOptions<ContractDetail, ApiRequestError, SaveContractInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: SaveContractInput) => saveContract(client, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(contractKeys.detail(args[0].contract.id), args[0]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contractKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: contractKeys.reference() }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}
