import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ContractAction, ContractDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** The contract calls of the detail page (every action but `edit`, which is the form's save). */
export type ContractCall = Exclude<ContractAction, 'edit'>;

/**
 * POST /api/contracts/{id}/{call} (SPEC §7 "contracts visa, lawyer reject and callback, clerk
 * process, deactivate"):
 * - `submit` (the author; DRAFT/RETURNED → IN_APPROVAL), `cancel` (the author, before registration);
 * - `visa` (a named reviewer, while the visa stage is pending), `lawyerCallback` (the lawyer
 *   approves), `lawyerReject` (the lawyer returns it to the author; `comment` ≥ 10 characters),
 *   `clerkProcess` (the clerk registers it: the registry number);
 * - `deactivate` (`desc`: the reason; ACTIVE → DEACTIVATED) → `{ ok }`, `renew` (the next term as a DRAFT).
 * Every call but deactivate answers the contract's detail (renew: the new term's). Errors: 403
 * (`forbidden`, rules `notAuthor`, `notApprover`, `ownRecord`), 422 `invalidTransition`,
 * `wrongStage`, `commentRequired`, `commentTooShort`, `alreadyInactive`, 409 `alreadyRenewed`,
 * `approvalChanged`.
 */
export async function contractAction(
  client: ApiClient,
  id: number,
  call: ContractCall,
  input: { comment?: string; desc?: string } = {},
): Promise<ContractDetail | null> {
  if (call === 'deactivate') {
    await client.request({
      method: 'POST',
      path: encodePath`/contracts/${id}/deactivate`,
      body: { desc: input.desc ?? '' },
      schema: () => errorsContracts().then((m) => m.okResponse),
    });
    return null;
  }
  const body = call === 'renew' || call === 'submit' ? undefined : { comment: input.comment };
  return client.request({
    method: 'POST',
    path: encodePath`/contracts/${id}/${call}`,
    ...(body ? { body } : {}),
    schema: () => contractsContracts().then((m) => m.contractDetail),
  });
}

/** What {@link useContractAction} takes. */
export interface ContractActionVariables {
  id: number;
  call: ContractCall;
  comment?: string;
  desc?: string;
}

/** Mutation for {@link contractAction}: refreshes the contract, the lists and the dashboard. */
export function useContractAction(
  options?: Omit<
    UseMutationOptions<ContractDetail | null, ApiRequestError, ContractActionVariables>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, call, ...input }: ContractActionVariables) =>
      contractAction(client, id, call, input),
    onSuccess: async (...args) => {
      const [detail, variables] = args;
      if (detail) queryClient.setQueryData(contractKeys.detail(detail.contract.id), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contractKeys.detail(variables.id) }),
        queryClient.invalidateQueries({ queryKey: contractKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: contractKeys.dashboard() }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}
