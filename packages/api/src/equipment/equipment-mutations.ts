import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  AddRecordCommentInput,
  RecordComment,
  EquipmentDecisionInput,
  EquipmentProcessInput,
  EquipmentRequestDetail,
  SaveEquipmentRequestInput,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { equipmentKeys } from './equipment-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const equipmentContracts = () => import('@servicedesk/contracts/equipment');
const recordsContracts = () => import('@servicedesk/contracts/records');

/**
 * POST /api/equipment/requests/save SaveEquipmentRequestInput → EquipmentRequestDetail: creates a
 * DRAFT (no id; `submit` submits it at once) or edits one (its author, DRAFT or RETURNED). 422
 * `requestNotEditable`, `budgetRequired`, `unknownBudget`, `unknownRequester`; 403 on behalf of
 * someone without `inventory.requests.onBehalf`.
 */
export function saveEquipmentRequest(
  client: ApiClient,
  input: SaveEquipmentRequestInput,
): Promise<EquipmentRequestDetail> {
  return client.request({
    method: 'POST',
    path: '/equipment/requests/save',
    body: input,
    schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
  });
}

/** What a request action sends: submit, cancel, a step's decision, or the keeper's line decisions. */
export type EquipmentActionVariables =
  | { id: number; action: 'submit' }
  | { id: number; action: 'cancel'; comment?: string }
  | { id: number; action: 'directorCallback' | 'visaPoolCallback'; input: EquipmentDecisionInput }
  | { id: number; action: 'process'; input: EquipmentProcessInput };

/**
 * POST /api/equipment/requests/{id}/submit | cancel | directorCallback | visaPoolCallback, or
 * /api/equipment/processing/{id}/lines → EquipmentRequestDetail. Errors: 422 `invalidTransition`,
 * `budgetExceeded` (the director approves over budget without `overrideBudget`), `notThisStep`,
 * `commentRequired` / `commentTooShort`, `lineAlreadyHandled`; 403 `forbidden`; 409 `approvalChanged`.
 */
export function equipmentAction(
  client: ApiClient,
  v: EquipmentActionVariables,
): Promise<EquipmentRequestDetail> {
  switch (v.action) {
    case 'submit':
      return client.request({
        method: 'POST',
        path: encodePath`/equipment/requests/${v.id}/submit`,
        schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
      });
    case 'cancel':
      return client.request({
        method: 'POST',
        path: encodePath`/equipment/requests/${v.id}/cancel`,
        body: { comment: v.comment },
        schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
      });
    case 'process':
      return client.request({
        method: 'POST',
        path: encodePath`/equipment/processing/${v.id}/lines`,
        body: v.input,
        schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
      });
    default:
      return client.request({
        method: 'POST',
        path: encodePath`/equipment/requests/${v.id}/${v.action}`,
        body: v.input,
        schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
      });
  }
}

function useAfterWrite() {
  const queryClient = useQueryClient();
  return async (detail: EquipmentRequestDetail) => {
    queryClient.setQueryData(equipmentKeys.detail(detail.request.id), detail);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: equipmentKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: equipmentKeys.reference() }),
      queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    ]);
  };
}

/** Mutation for {@link saveEquipmentRequest}: the answer goes to the detail cache; lists refresh. */
export function useSaveEquipmentRequest(
  options?: Omit<
    UseMutationOptions<EquipmentRequestDetail, ApiRequestError, SaveEquipmentRequestInput>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const after = useAfterWrite();
  return useMutation({
    ...options,
    mutationFn: (input: SaveEquipmentRequestInput) => saveEquipmentRequest(client, input),
    onSuccess: async (...args) => {
      await after(args[0]);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link equipmentAction}; a 409 refreshes the detail (someone acted meanwhile). */
export function useEquipmentAction(
  options?: Omit<
    UseMutationOptions<EquipmentRequestDetail, ApiRequestError, EquipmentActionVariables>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const after = useAfterWrite();
  return useMutation({
    ...options,
    mutationFn: (v: EquipmentActionVariables) => equipmentAction(client, v),
    onSuccess: async (...args) => {
      await after(args[0]);
      return options?.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (args[0].status === 409)
        await queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(args[1].id) });
      return options?.onError?.(...args);
    },
  });
}

/** POST /api/equipment/requests/{id}/comments { text, mentionedUserIds } → the comment (the mentioned become watchers and are told). */
export function addEquipmentComment(
  client: ApiClient,
  id: number,
  input: AddRecordCommentInput,
): Promise<RecordComment> {
  return client.request({
    method: 'POST',
    path: encodePath`/equipment/requests/${id}/comments`,
    body: input,
    schema: () => recordsContracts().then((m) => m.recordComment),
  });
}

/** Mutation for {@link addEquipmentComment}; the request's detail refreshes. */
export function useAddEquipmentComment() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AddRecordCommentInput & { id: number }) =>
      addEquipmentComment(client, id, input),
    onSuccess: (_comment, variables) =>
      queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(variables.id) }),
  });
}
