import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../errors';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { fileNameFromDisposition, type DownloadedFile } from '../files/download-file';

/**
 * GET /api/contracts/{id}/pdf → the contract's summary sheet (application/pdf, in the caller's
 * language) as a Blob and the server's file name. 404; 403 `forbidden`; status 0 `networkError`.
 */
export async function downloadContractPdf(client: ApiClient, id: number): Promise<DownloadedFile> {
  const url = `${client.baseUrl}/contracts/${id}/pdf`;
  let response: Response;
  try {
    response = await globalThis.fetch(url, {
      headers: { ...client.headers(), Accept: 'application/pdf' },
    });
  } catch (cause) {
    throw new ApiRequestError(
      0,
      { message: `Network error on GET ${url}`, code: 'networkError' },
      { cause },
    );
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // not JSON: keep the text
    }
    throw client.errorFor('GET', url, response.status, payload, {
      statusText: response.statusText,
    });
  }
  return {
    blob: await response.blob(),
    fileName:
      fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? `contract-${id}.pdf`,
  };
}

/** Mutation for {@link downloadContractPdf} (a download is an action, not cached data). */
export function useDownloadContractPdf() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: number) => downloadContractPdf(client, id) });
}
