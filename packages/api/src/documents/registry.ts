import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RegistryDetail,
  RegistryListQuery,
  SaveRegistryEntryInput,
} from '@servicedesk/contracts';
import { encodePath } from '../client';
import { gridPages } from '../grid-pages';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { documentsKeys } from './documents-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const documentsContracts = () => import('@servicedesk/contracts/documents');

/** POST /api/documents/registry/grid page by page: filters kind, status, year; search in number, subject, correspondent. */
export function useRegistryPages(query: Omit<RegistryListQuery, 'skip'>) {
  const client = useApiClient();
  const take = query.take ?? 100;
  return useInfiniteQuery(
    gridPages([...documentsKeys.registryList({ ...query, take }), 'pages'] as const, take, (start, signal) =>
      client.request({ method: 'POST', path: '/documents/registry/grid', body: { ...query, take, ...start }, schema: () => documentsContracts().then((m) => m.registryListResponse), signal }),
    ),
  );
}

/** GET /api/documents/registry/{id} → RegistryDetail; idle while `id` is null. */
export function useRegistryEntry(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.registryEntry(id ?? 0),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/documents/registry/${id ?? 0}`, schema: () => documentsContracts().then((m) => m.registryDetail), signal }),
    enabled: id !== null,
  });
}

function useRegistryMutation<I>(call: (input: I) => Promise<RegistryDetail>) {
  const queryClient = useQueryClient();
  return useMutation<RegistryDetail, ApiRequestError, I>({
    mutationFn: call,
    onSuccess: async (detail) => {
      queryClient.setQueryData(documentsKeys.registryEntry(detail.entry.id), detail);
      await queryClient.invalidateQueries({ queryKey: documentsKeys.all });
    },
  });
}

/** POST /api/documents/registry/save: registers an entry (its number allocated by the server) and sends it to approval. */
export function useRegisterEntry() {
  const client = useApiClient();
  return useRegistryMutation((input: SaveRegistryEntryInput) => client.request({ method: 'POST', path: '/documents/registry/save', body: input, schema: () => documentsContracts().then((m) => m.registryDetail) }));
}

/** POST /api/documents/registry/{id}/{approve|reject|void|link}. */
export function useRegistryAction() {
  const client = useApiClient();
  return useRegistryMutation(({ id, action, body }: { id: number; action: 'approve' | 'reject' | 'void' | 'link'; body: Record<string, unknown> }) =>
    client.request({ method: 'POST', path: `${encodePath`/documents/registry/${id}`}/${action}`, body, schema: () => documentsContracts().then((m) => m.registryDetail) }),
  );
}
