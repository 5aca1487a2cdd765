import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { HelpdeskAction, HelpdeskRequestDetail, HelpdeskTransitionInput } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * POST /api/helpdesk/requests/{id}/{action} (SPEC §7 "approve, repair, cancel", issue #6 status
 * machine) { comment?, holdReason?, solution?, assigneeId? } → HelpdeskRequestDetail (the
 * request after the transition, with the caller's new `allowedActions`). Who may do what where:
 * - `approve` (group lead, not the requester; NEW → APPROVED, only where approval is needed)
 * - `reject` (group lead/member, not the requester; NEW/APPROVED → REJECTED; `comment` required)
 * - `assign` (group lead; `assigneeId` a member of the group; status unchanged)
 * - `repair` (the assignee or an unassigned group member; NEW (no approval needed)/APPROVED → IN_PROGRESS)
 * - `hold` (the assignee; IN_PROGRESS → ON_HOLD; `holdReason` and `comment` required) / `resume`
 * - `resolve` (the assignee; IN_PROGRESS → RESOLVED; `solution` required)
 * - `confirm` (the requester; RESOLVED → CLOSED) / `reopen` (RESOLVED → IN_PROGRESS; `comment` required)
 * - `cancel` (the requester; NEW/APPROVED → CANCELLED).
 * Errors: 422 `invalidTransition` (wrong status), `approvalRequired` / `approvalNotRequired`,
 * `commentRequired` / `holdReasonRequired` / `solutionRequired` / `assigneeRequired`,
 * `assigneeNotInGroup`; 403 `forbidden` (wrong person, `details.rule`); 404; 409 `requestChanged`.
 */
export function requestAction(
  client: ApiClient,
  id: number,
  action: HelpdeskAction,
  input: HelpdeskTransitionInput = {},
): Promise<HelpdeskRequestDetail> {
  return client.request({
    method: 'POST',
    path: encodePath`/helpdesk/requests/${id}/${action}`,
    body: input,
    schema: () => helpdeskContracts().then((m) => m.helpdeskRequestDetail),
  });
}

/** What {@link useRequestAction} takes: the request, the action and its fields. */
export interface RequestActionVariables extends HelpdeskTransitionInput {
  id: number;
  action: HelpdeskAction;
}

/**
 * Mutation for {@link requestAction} (`{ id, action, comment?, holdReason?, solution?,
 * assigneeId? }`): puts the answer in the detail cache and refreshes lists, pick lists and the
 * dashboard. A 409 `requestChanged` also refreshes the detail (someone acted meanwhile).
 */
export function useRequestAction(options?: Omit<UseMutationOptions<HelpdeskRequestDetail, ApiRequestError, RequestActionVariables>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, action, ...input }: RequestActionVariables) => requestAction(client, id, action, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(helpdeskKeys.detail(args[0].request.id), args[0]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.picks() }),
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.dashboard() }),
      ]);
      return options?.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (args[0].status === 409) await queryClient.invalidateQueries({ queryKey: helpdeskKeys.detail(args[1].id) });
      return options?.onError?.(...args);
    },
  });
}
