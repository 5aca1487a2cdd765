import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OkResponse, OrgItem, OrgItemInput } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { orgKeys, type OrgKind } from './org-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** The deactivateElement `type` of each org list. */
export const orgElementType = { positions: 'position', locations: 'location', groups: 'group' } as const;

/**
 * POST /api/admin/{positions|locations} { name } → the new OrgItem (active). 409 `nameTaken`
 * (case-insensitive), 400 `validationError`, 403 without `admin.org.manage`.
 */
export function createOrgItem(client: ApiClient, kind: OrgKind, input: OrgItemInput): Promise<OrgItem> {
  return client.request({ method: 'POST', path: `/admin/${kind}`, body: input, schema: () => adminContracts().then((m) => m.orgItem) });
}

/** PUT /api/admin/{positions|locations}/{id} { name } → the OrgItem. 404, 409 `nameTaken`. */
export function renameOrgItem(client: ApiClient, kind: OrgKind, id: number, input: OrgItemInput): Promise<OrgItem> {
  return client.request({ method: 'PUT', path: encodePath`/admin/${kind}/${id}`, body: input, schema: () => adminContracts().then((m) => m.orgItem) });
}

/**
 * Deactivation of a position, location or group: POST /api/global/deactivateElement
 * { id, type: 'position' | 'location' | 'group', desc } (SPEC §3 "Deactivate element"): `desc`
 * is the reason, at least 10 characters. 422 `alreadyInactive`, 404.
 */
export function deactivateOrgElement(client: ApiClient, kind: OrgKind | 'groups', id: number, desc: string): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/global/deactivateElement',
    body: { id, type: orgElementType[kind], desc },
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}

/** POST /api/admin/{positions|locations|groups}/{id}/activate → `{ ok: true }`. 404, 422 `alreadyActive`. */
export function activateOrgElement(client: ApiClient, kind: OrgKind | 'groups', id: number): Promise<OkResponse> {
  return client.request({ method: 'POST', path: encodePath`/admin/${kind}/${id}/activate`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

type Options<TData, TVariables> = Omit<UseMutationOptions<TData, ApiRequestError, TVariables>, 'mutationFn'>;

/** What {@link useSaveOrgItem} takes: no id → create, an id → rename. */
export interface SaveOrgItemVariables {
  id?: number;
  name: string;
}

/** Mutation creating or renaming a position or location; refreshes its lists. */
export function useSaveOrgItem(kind: OrgKind, options?: Options<OrgItem, SaveOrgItemVariables>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, name }: SaveOrgItemVariables) =>
      id === undefined ? createOrgItem(client, kind, { name }) : renameOrgItem(client, kind, id, { name }),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.items(kind) });
      return options?.onSuccess?.(...args);
    },
  });
}

/** What {@link useSetOrgElementActive} takes: activate, or deactivate with a reason. */
export type SetActiveVariables = { id: number; isActive: true } | { id: number; isActive: false; desc: string };

/** Mutation activating or deactivating a position, location or group; refreshes that area's lists (and a group's detail). */
export function useSetOrgElementActive(kind: OrgKind | 'groups', options?: Options<OkResponse, SetActiveVariables>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (variables: SetActiveVariables) =>
      variables.isActive
        ? activateOrgElement(client, kind, variables.id)
        : deactivateOrgElement(client, kind, variables.id, variables.desc),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: kind === 'groups' ? orgKeys.groups() : orgKeys.items(kind) });
      return options?.onSuccess?.(...args);
    },
  });
}
