import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { FileItem, RemoveFileInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const filesContracts = () => import('@servicedesk/contracts/files');

/**
 * POST /api/global/removeFile (SPEC §7 Global: id) → the removed FileItem (soft removal: a
 * download of it then answers 404). On failure the
 * ApiRequestError's `message` is the server's own text, which SPEC §8 shows as it is (the
 * FileUploader's error toast): 404 `fileNotFound`, 403 `forbidden` (not the uploader and may not
 * edit the record).
 */
export function removeFile(client: ApiClient, input: RemoveFileInput): Promise<FileItem> {
  return client.request({ method: 'POST', path: '/global/removeFile', body: input, schema: () => filesContracts().then((m) => m.fileItem) });
}

/** Mutation for {@link removeFile}. */
export function useRemoveFile(
  options?: Omit<UseMutationOptions<FileItem, ApiRequestError, RemoveFileInput>, 'mutationFn'>,
) {
  const client = useApiClient();
  return useMutation({ ...options, mutationFn: (input: RemoveFileInput) => removeFile(client, input) });
}
