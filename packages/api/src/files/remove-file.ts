import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { okResponse, type OkResponse, type RemoveFileInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';

/**
 * POST /api/global/removeFile (SPEC §7 Global: id) → `{ ok: true }`. On failure the
 * ApiRequestError's `message` is the server's own text, which SPEC §8 shows as it is (the
 * FileUploader's error toast): 404 `fileNotFound`, 403 `forbidden`.
 */
export function removeFile(client: ApiClient, input: RemoveFileInput): Promise<OkResponse> {
  return client.request({ method: 'POST', path: '/global/removeFile', body: input, schema: okResponse });
}

/** Mutation for {@link removeFile}. */
export function useRemoveFile(
  options?: Omit<UseMutationOptions<OkResponse, ApiRequestError, RemoveFileInput>, 'mutationFn'>,
) {
  const client = useApiClient();
  return useMutation({ ...options, mutationFn: (input: RemoveFileInput) => removeFile(client, input) });
}
