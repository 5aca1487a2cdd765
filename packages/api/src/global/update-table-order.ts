import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { TableSettings } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/** Variables of {@link useUpdateTableOrder}. */
export interface UpdateTableOrderVariables {
  /** The table's key, e.g. `helpdeskRequests` (letters, digits, `_ . -`). */
  key: string;
  settings: TableSettings;
}

/**
 * POST /api/global/Layout/UpdateTableOrder/{key} (SPEC §7): saves the column order (and
 * widths in CSS px, hidden flags) of one table for this user; answers the saved settings.
 */
export function updateTableOrder(
  client: ApiClient,
  key: string,
  settings: TableSettings,
): Promise<TableSettings> {
  return client.request({
    method: 'POST',
    path: encodePath`/global/Layout/UpdateTableOrder/${key}`,
    body: settings,
    schema: () => globalContracts().then((m) => m.tableSettings),
  });
}

/** Mutation for {@link updateTableOrder}; writes the answer into the table's GetTableOrder query. */
export function useUpdateTableOrder(
  options?: Omit<
    UseMutationOptions<TableSettings, ApiRequestError, UpdateTableOrderVariables>,
    'mutationFn'
  >,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ key, settings }: UpdateTableOrderVariables) =>
      updateTableOrder(client, key, settings),
    onSuccess: (...args) => {
      queryClient.setQueryData(globalKeys.tableOrder(args[1].key), args[0]);
      return options?.onSuccess?.(...args);
    },
  });
}
