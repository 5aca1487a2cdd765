import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  HelpdeskCategory,
  HelpdeskCategoryInput,
  HelpdeskComponent,
  HelpdeskComponentInput,
  HelpdeskPriority,
  HelpdeskPriorityCode,
  HelpdeskPriorityInput,
  OkResponse,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/*
 * The help-desk catalogue administration (issue #6 "Admin: categories, components, priorities
 * with their target times"; action keys helpdesk.categories.{create,update,delete}). Reads come
 * from GET /api/helpdesk/reference (get-helpdesk-reference.ts).
 */

/** POST /api/helpdesk/categories { names, isActive, sortOrder } → HelpdeskCategory. 400 `validationError` (az name required); 403. */
export function createCategory(client: ApiClient, input: HelpdeskCategoryInput): Promise<HelpdeskCategory> {
  return client.request({ method: 'POST', path: '/helpdesk/categories', body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskCategory) });
}

/** PUT /api/helpdesk/categories/{id} — the same body → HelpdeskCategory; 404. */
export function updateCategory(client: ApiClient, id: number, input: HelpdeskCategoryInput): Promise<HelpdeskCategory> {
  return client.request({ method: 'PUT', path: encodePath`/helpdesk/categories/${id}`, body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskCategory) });
}

/** DELETE /api/helpdesk/categories/{id} → `{ ok }`; 404; 409 `inUse` when it has components or requests (deactivate instead). */
export function deleteCategory(client: ApiClient, id: number): Promise<OkResponse> {
  return client.request({ method: 'DELETE', path: encodePath`/helpdesk/categories/${id}`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/**
 * POST /api/helpdesk/components { categoryId, names, groupId, requiresApproval, isActive,
 * sortOrder } → HelpdeskComponent; 422 `unknownCategory` / `unknownGroup`.
 */
export function createComponent(client: ApiClient, input: HelpdeskComponentInput): Promise<HelpdeskComponent> {
  return client.request({ method: 'POST', path: '/helpdesk/components', body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskComponent) });
}

/** PUT /api/helpdesk/components/{id} — the same body → HelpdeskComponent; 404. */
export function updateComponent(client: ApiClient, id: number, input: HelpdeskComponentInput): Promise<HelpdeskComponent> {
  return client.request({ method: 'PUT', path: encodePath`/helpdesk/components/${id}`, body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskComponent) });
}

/** DELETE /api/helpdesk/components/{id} → `{ ok }`; 404; 409 `inUse` when requests use it. */
export function deleteComponent(client: ApiClient, id: number): Promise<OkResponse> {
  return client.request({ method: 'DELETE', path: encodePath`/helpdesk/components/${id}`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/** PUT /api/helpdesk/priorities/{code} { names, targetMinutes (1 … 129600) } → HelpdeskPriority; 404. Applies to requests created afterwards. */
export function updatePriority(client: ApiClient, code: HelpdeskPriorityCode, input: HelpdeskPriorityInput): Promise<HelpdeskPriority> {
  return client.request({ method: 'PUT', path: encodePath`/helpdesk/priorities/${code}`, body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskPriority) });
}

type Options<TData, TVariables> = Omit<UseMutationOptions<TData, ApiRequestError, TVariables>, 'mutationFn'>;

/** Refreshes what shows catalogue names: the reference data and the lists. */
function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: helpdeskKeys.reference() }),
      queryClient.invalidateQueries({ queryKey: helpdeskKeys.lists() }),
    ]);
}

/** Mutation creating (no `id`) or updating a category. */
export function useSaveCategory(options?: Options<HelpdeskCategory, HelpdeskCategoryInput & { id?: number }>) {
  const client = useApiClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }: HelpdeskCategoryInput & { id?: number }) =>
      id === undefined ? createCategory(client, input) : updateCategory(client, id, input),
    onSuccess: async (...args) => {
      await refresh();
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation deleting a category (its id). */
export function useDeleteCategory(options?: Options<OkResponse, number>) {
  const client = useApiClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    ...options,
    mutationFn: (id: number) => deleteCategory(client, id),
    onSuccess: async (...args) => {
      await refresh();
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation creating (no `id`) or updating a component. */
export function useSaveComponent(options?: Options<HelpdeskComponent, HelpdeskComponentInput & { id?: number }>) {
  const client = useApiClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }: HelpdeskComponentInput & { id?: number }) =>
      id === undefined ? createComponent(client, input) : updateComponent(client, id, input),
    onSuccess: async (...args) => {
      await refresh();
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation deleting a component (its id). */
export function useDeleteComponent(options?: Options<OkResponse, number>) {
  const client = useApiClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    ...options,
    mutationFn: (id: number) => deleteComponent(client, id),
    onSuccess: async (...args) => {
      await refresh();
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation updating a priority's names and target time (`{ code, names, targetMinutes }`). */
export function useUpdatePriority(options?: Options<HelpdeskPriority, HelpdeskPriorityInput & { code: HelpdeskPriorityCode }>) {
  const client = useApiClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    ...options,
    mutationFn: ({ code, ...input }: HelpdeskPriorityInput & { code: HelpdeskPriorityCode }) => updatePriority(client, code, input),
    onSuccess: async (...args) => {
      await refresh();
      return options?.onSuccess?.(...args);
    },
  });
}
