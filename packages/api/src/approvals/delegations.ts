import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CreateDelegationInput, Delegation, DelegationsResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { approvalsKeys } from './approvals-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const approvalsContracts = () => import('@servicedesk/contracts/approvals');

/** GET /api/approvals/delegations → { given, received }: the caller's delegations both ways (issue #11). */
export function getDelegations(client: ApiClient, signal?: AbortSignal): Promise<DelegationsResponse> {
  return client.request({ method: 'GET', path: '/approvals/delegations', schema: () => approvalsContracts().then((m) => m.delegationsResponse), signal });
}

export function useDelegations() {
  const client = useApiClient();
  return useQuery({ queryKey: approvalsKeys.delegations(), queryFn: ({ signal }) => getDelegations(client, signal) });
}

/**
 * POST /api/approvals/delegations { substituteId, startsOn, endsOn, reason? } (whole days, inclusive) → Delegation. 422
 * `selfDelegation`, `substituteInactive`, `invalidRange`, `delegationOverlaps`.
 */
export function createDelegation(client: ApiClient, input: CreateDelegationInput): Promise<Delegation> {
  return client.request({ method: 'POST', path: '/approvals/delegations', body: input, schema: () => approvalsContracts().then((m) => m.delegation) });
}

/** POST /api/approvals/delegations/{id}/end → Delegation (ended now). 404 not the caller's; 422 `delegationOver`. */
export function endDelegation(client: ApiClient, id: number): Promise<Delegation> {
  return client.request({ method: 'POST', path: encodePath`/approvals/delegations/${id}/end`, schema: () => approvalsContracts().then((m) => m.delegation) });
}

/** Mutations for creating / ending a delegation; both refresh the delegations and my approvals. */
export function useCreateDelegation(options?: Omit<UseMutationOptions<Delegation, ApiRequestError, CreateDelegationInput>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: CreateDelegationInput) => createDelegation(client, input),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
      return options?.onSuccess?.(...args);
    },
  });
}

export function useEndDelegation(options?: Omit<UseMutationOptions<Delegation, ApiRequestError, number>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => endDelegation(client, id),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
      return options?.onSuccess?.(...args);
    },
  });
}
