import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { DownloadFileInput } from '@servicedesk/contracts';
import { ApiRequestError } from '../errors';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  /** The server's file name (RFC 6266 `filename*` preferred), else `fallbackName`, else the url's last part. */
  fileName: string;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (percent-decoded) first,
 * then `filename="…"`; null when neither is there.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim() || null;
  return null;
}

/**
 * POST /api/global/FileServer/DownloadFile (SPEC §7: url → blob answer) with the FileItem's
 * `url` (`files/{id}`): the bytes as a Blob and the server's file name. Errors
 * (ApiRequestError): 404 `fileNotFound`, 403 `forbidden` (not your record), status 0
 * `networkError`.
 */
export async function downloadFile(
  client: ApiClient,
  input: DownloadFileInput,
  { signal, fallbackName }: { signal?: AbortSignal; fallbackName?: string } = {},
): Promise<DownloadedFile> {
  const url = `${client.baseUrl}/global/FileServer/DownloadFile`;
  const headers = { ...client.headers(), Accept: '*/*', 'Content-Type': 'application/json' };
  let response: Response;
  try {
    response = await globalThis.fetch(url, { method: 'POST', headers, body: JSON.stringify(input), signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    console.error(`[api] POST ${url} failed: network error`, cause);
    throw new ApiRequestError(0, { message: `Network error on POST ${url}`, code: 'networkError' }, { cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // not JSON: keep the text
    }
    throw client.errorFor('POST', url, response.status, payload, { statusText: response.statusText });
  }
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    fallbackName ??
    input.url.split('/').pop() ??
    'file';
  return { blob, fileName };
}

/** Mutation for {@link downloadFile} (a download is an action, not cached data). */
export function useDownloadFile(
  options?: Omit<UseMutationOptions<DownloadedFile, ApiRequestError, DownloadFileInput & { fallbackName?: string }>, 'mutationFn'>,
) {
  const client = useApiClient();
  return useMutation({
    ...options,
    mutationFn: ({ fallbackName, ...input }: DownloadFileInput & { fallbackName?: string }) =>
      downloadFile(client, input, { fallbackName }),
  });
}
