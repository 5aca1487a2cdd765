import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFolderInput,
  DocumentFolder,
  FolderPermissions,
  SetFolderPermissionsInput,
  UpdateFolderInput,
} from '@servicedesk/contracts';
import { encodePath } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { documentsKeys } from './documents-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const documentsContracts = () => import('@servicedesk/contracts/documents');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** GET /api/documents/folders → the folders the caller may read (with their level) and whether they may create root folders. */
export function useFolderTree(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.folders(),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: '/documents/folders', schema: () => documentsContracts().then((m) => m.folderTreeResponse), signal }),
    enabled,
  });
}

/** POST /api/documents/folders { parentId, name } → the folder (400 SPEC §5 flags, 409 `folderNameTaken`, 403 `folderPermission`). */
export function useCreateFolder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DocumentFolder, ApiRequestError, CreateFolderInput>({
    mutationFn: (input) => client.request({ method: 'POST', path: '/documents/folders', body: input, schema: () => documentsContracts().then((m) => m.documentFolder) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.folders() }),
  });
}

/** PUT /api/documents/folders/{id} { name?, parentId? } → the folder (rename / move; manage). */
export function useUpdateFolder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DocumentFolder, ApiRequestError, { id: number } & UpdateFolderInput>({
    mutationFn: ({ id, ...input }) => client.request({ method: 'PUT', path: encodePath`/documents/folders/${id}`, body: input, schema: () => documentsContracts().then((m) => m.documentFolder) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.folders() }),
  });
}

/** DELETE /api/documents/folders/{id} → to the recycle bin (manage). */
export function useDeleteFolder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => client.request({ method: 'DELETE', path: encodePath`/documents/folders/${id}`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** GET /api/documents/folders/{id}/permissions → own and inherited entries; idle while `id` is null. */
export function useFolderPermissions(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.permissions(id ?? 0),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/documents/folders/${id ?? 0}/permissions`, schema: () => documentsContracts().then((m) => m.folderPermissions), signal }),
    enabled: id !== null,
  });
}

/** PUT /api/documents/folders/{id}/permissions { inherit, entries } (manage; 403 `ownManage`, 422 `unknownPrincipal`). */
export function useSetFolderPermissions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<FolderPermissions, ApiRequestError, { id: number } & SetFolderPermissionsInput>({
    mutationFn: ({ id, ...input }) => client.request({ method: 'PUT', path: encodePath`/documents/folders/${id}/permissions`, body: input, schema: () => documentsContracts().then((m) => m.folderPermissions) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.folders() }),
  });
}

/** GET /api/documents/principals → users, user types and groups a folder permission may name. */
export function usePrincipals(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.principals(),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: '/documents/principals', schema: () => documentsContracts().then((m) => m.folderPrincipalsResponse), signal }),
    enabled,
    staleTime: 60_000,
  });
}
