import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BinItemKind } from '@servicedesk/contracts';
import { encodePath } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { documentsKeys } from './documents-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const documentsContracts = () => import('@servicedesk/contracts/documents');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** GET /api/documents/bin/items → the items in the recycle bin the caller may see, and whether they may purge. */
export function useRecycleBin(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.bin(),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: '/documents/bin/items', schema: () => documentsContracts().then((m) => m.binResponse), signal }),
    enabled,
  });
}

/** POST /api/documents/bin/{kind}/{id}/restore → { parentId } (back in place, or at the root). */
export function useRestoreFromBin() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<{ parentId: number | null }, ApiRequestError, { kind: BinItemKind; id: number }>({
    mutationFn: ({ kind, id }) => client.request({ method: 'POST', path: encodePath`/documents/bin/${kind}/${id}/restore`, schema: () => documentsContracts().then((m) => m.restoreResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** POST /api/documents/bin/{kind}/{id}/purge (documents.circulation.purge). */
export function usePurgeFromBin() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, { kind: BinItemKind; id: number }>({
    mutationFn: ({ kind, id }) => client.request({ method: 'POST', path: encodePath`/documents/bin/${kind}/${id}/purge`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.bin() }),
  });
}
