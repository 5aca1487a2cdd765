import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  CreateModalElementInput,
  ModalElement,
  ModalElementRef,
  UpdateModalElementInput,
} from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { modalElementKeys } from './modal-elements-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const modalElementsContracts = () => import('@servicedesk/contracts/modal-elements');

/**
 * POST /api/global/createModalElement (SPEC §3, §7) → the new, active ModalElement. `tin`,
 * `phone`, `address` only for vendor/contractor. Errors: 400 validation (`tin` 10 digits), 409
 * `duplicateName` (same name in the list, ignoring case and accents), 409 `duplicateTin`, 403.
 */
export function createModalElement(client: ApiClient, input: CreateModalElementInput): Promise<ModalElement> {
  return client.request({ method: 'POST', path: '/global/createModalElement', body: input, schema: () => modalElementsContracts().then((m) => m.modalElement) });
}

/** POST /api/global/updateModalElement → the ModalElement; a field left out keeps its value. Errors as create, plus 404. */
export function updateModalElement(client: ApiClient, input: UpdateModalElementInput): Promise<ModalElement> {
  return client.request({ method: 'POST', path: '/global/updateModalElement', body: input, schema: () => modalElementsContracts().then((m) => m.modalElement) });
}

/**
 * POST /api/global/removeModalElement → the ModalElement, now inactive (soft removal). 422
 * `elementInUse` while a record references it; 404.
 */
export function removeModalElement(client: ApiClient, input: ModalElementRef): Promise<ModalElement> {
  return client.request({ method: 'POST', path: '/global/removeModalElement', body: input, schema: () => modalElementsContracts().then((m) => m.modalElement) });
}

/** POST /api/global/activateModalElement → the ModalElement, active again. 404. */
export function activateModalElement(client: ApiClient, input: ModalElementRef): Promise<ModalElement> {
  return client.request({ method: 'POST', path: '/global/activateModalElement', body: input, schema: () => modalElementsContracts().then((m) => m.modalElement) });
}

type Options<TVariables> = Omit<UseMutationOptions<ModalElement, ApiRequestError, TVariables>, 'mutationFn'>;

function useRefreshing<TVariables>(
  call: (client: ApiClient, variables: TVariables) => Promise<ModalElement>,
  options?: Options<TVariables>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (variables: TVariables) => call(client, variables),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: modalElementKeys.kind(args[0].modalElement) });
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link createModalElement}; refreshes the kind's lists. */
export const useCreateModalElement = (options?: Options<CreateModalElementInput>) => useRefreshing(createModalElement, options);
/** Mutation for {@link updateModalElement}; refreshes the kind's lists. */
export const useUpdateModalElement = (options?: Options<UpdateModalElementInput>) => useRefreshing(updateModalElement, options);
/** Mutation for {@link removeModalElement}; refreshes the kind's lists. */
export const useRemoveModalElement = (options?: Options<ModalElementRef>) => useRefreshing(removeModalElement, options);
/** Mutation for {@link activateModalElement}; refreshes the kind's lists. */
export const useActivateModalElement = (options?: Options<ModalElementRef>) => useRefreshing(activateModalElement, options);
