import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentDetail,
  DocumentListQuery,
  RouteDocumentInput,
  SaveDocumentInput,
} from '@servicedesk/contracts';
import { encodePath } from '../client';
import { gridPages } from '../grid-pages';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { documentsKeys } from './documents-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const documentsContracts = () => import('@servicedesk/contracts/documents');
const errorsContracts = () => import('@servicedesk/contracts/errors');
const recordsContracts = () => import('@servicedesk/contracts/records');

/**
 * POST /api/documents/grid page by page (issue #15): a list screen (`unfinished`, `justFinished`,
 * `justFinishedForVendorInvoice`) or a folder's documents, full-text `search` — only what the
 * caller may read. `fetchNextPage` loads the next `take` rows.
 */
export function useDocumentsGridPages(query: Omit<DocumentListQuery, 'skip'>, enabled = true) {
  const client = useApiClient();
  const take = query.take ?? 100;
  return useInfiniteQuery({
    ...gridPages([...documentsKeys.list({ ...query, take }), 'pages'] as const, take, (start, signal) =>
      client.request({ method: 'POST', path: '/documents/grid', body: { ...query, take, ...start }, schema: () => documentsContracts().then((m) => m.documentListResponse), signal }),
    ),
    enabled,
  });
}

/** GET /api/documents/{id} → DocumentDetail (403 `folderPermission` without read; 404 unknown or in the bin); idle while `id` is null. */
export function useDocument(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/documents/${id ?? 0}`, schema: () => documentsContracts().then((m) => m.documentDetail), signal }),
    enabled: id !== null,
  });
}

/** Mutations answering the detail put it in the cache and refresh the lists and folders. */
function useDetailMutation<I>(call: (input: I) => Promise<DocumentDetail>) {
  const queryClient = useQueryClient();
  return useMutation<DocumentDetail, ApiRequestError, I>({
    mutationFn: call,
    onSuccess: async (detail) => {
      queryClient.setQueryData(documentsKeys.detail(detail.document.id), detail);
      await Promise.all([queryClient.invalidateQueries({ queryKey: documentsKeys.lists() }), queryClient.invalidateQueries({ queryKey: documentsKeys.folders() })]);
    },
  });
}

/** POST /api/documents/save: create or edit (write on the folder); `fileId` (an upload of type document) adds a version. */
export function useSaveDocument() {
  const client = useApiClient();
  return useDetailMutation((input: SaveDocumentInput) => client.request({ method: 'POST', path: '/documents/save', body: input, schema: () => documentsContracts().then((m) => m.documentDetail) }));
}

/** POST /api/documents/{id}/versions { fileId }: the next version; an approved document goes back to approval. */
export function useAddVersion() {
  const client = useApiClient();
  return useDetailMutation(({ id, fileId }: { id: number; fileId: number }) =>
    client.request({ method: 'POST', path: encodePath`/documents/${id}/versions`, body: { fileId }, schema: () => documentsContracts().then((m) => m.documentDetail) }),
  );
}

/** POST /api/documents/{id}/route { steps }: for visa / approval on the approval engine. */
export function useRouteDocument() {
  const client = useApiClient();
  return useDetailMutation(({ id, ...input }: { id: number } & RouteDocumentInput) =>
    client.request({ method: 'POST', path: encodePath`/documents/${id}/route`, body: input, schema: () => documentsContracts().then((m) => m.documentDetail) }),
  );
}

/** DELETE /api/documents/{id}: to the recycle bin (write on its folder). */
export function useDeleteDocument() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => client.request({ method: 'DELETE', path: encodePath`/documents/${id}`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** POST /api/documents/{id}/comments { text, mentionedUserIds }. */
export function useAddDocumentComment() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, { id: number; text: string; mentionedUserIds: number[] }>({
    mutationFn: ({ id, ...input }) => client.request({ method: 'POST', path: encodePath`/documents/${id}/comments`, body: input, schema: () => recordsContracts().then((m) => m.recordComment) }),
    onSuccess: (_c, input) => queryClient.invalidateQueries({ queryKey: documentsKeys.detail(input.id) }),
  });
}

/** GET /api/documents/{id}/diff?from&to → the line diff of two versions (422 `noTextToCompare`); idle while `versions` is null. */
export function useDocumentDiff(id: number, versions: { from: number; to: number } | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentsKeys.diff(id, versions?.from ?? 0, versions?.to ?? 0),
    queryFn: ({ signal }) =>
      client.request({ method: 'GET', path: `${encodePath`/documents/${id}/diff`}?from=${versions?.from ?? 0}&to=${versions?.to ?? 0}`, schema: () => documentsContracts().then((m) => m.documentDiff), signal }),
    enabled: versions !== null,
  });
}

/** POST /api/documents/{id}/move { folderId }: to another folder (write on both; 403 `folderPermission`). */
export function useMoveDocument() {
  const client = useApiClient();
  return useDetailMutation(({ id, folderId }: { id: number; folderId: number }) =>
    client.request({ method: 'POST', path: encodePath`/documents/${id}/move`, body: { folderId }, schema: () => documentsContracts().then((m) => m.documentDetail) }),
  );
}

/**
 * GET /api/documents/{id}/versions/{n}/download as a Blob, for the preview (PDF, images): the bytes
 * with the session's headers; the api client's error on a refusal. Idle while `versionNo` is null.
 */
export function useVersionBytes(id: number, versionNo: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...documentsKeys.detail(id), 'bytes', versionNo ?? 0] as const,
    queryFn: async ({ signal }) => {
      const url = `${client.baseUrl}${encodePath`/documents/${id}/versions/${versionNo ?? 0}/download`}`;
      const res = await fetch(url, { headers: client.headers(), signal });
      if (!res.ok) throw client.errorFor('GET', url, res.status, await res.json().catch(() => null), { statusText: res.statusText });
      return res.blob();
    },
    enabled: versionNo !== null,
    staleTime: Infinity,
  });
}

/** GET /api/documents/{id}/versions/{n}/html → { versionNo, html }: a DOCX version as (unsanitised) HTML; 422 `noPreview`. Idle while `versionNo` is null. */
export function useVersionHtml(id: number, versionNo: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...documentsKeys.detail(id), 'html', versionNo ?? 0] as const,
    queryFn: ({ signal }) =>
      client.request({ method: 'GET', path: encodePath`/documents/${id}/versions/${versionNo ?? 0}/html`, schema: () => documentsContracts().then((m) => m.documentPreviewHtml), signal }),
    enabled: versionNo !== null,
    staleTime: Infinity,
  });
}
