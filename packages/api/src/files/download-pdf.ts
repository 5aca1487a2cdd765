import type { ApiClient } from '../client';
import { ApiRequestError } from '../errors';

/**
 * GET `path` (under the API base) as a file through the client's headers (bearer, language): the
 * Blob and the file name of its Content-Disposition (else `fallbackName`). A refusal throws the
 * client's ApiRequestError with the server's code; a network failure `networkError`. Used by the
 * PDFs: the vendor invoice's cover list and the dunning letter.
 */
export async function downloadPdf(client: ApiClient, path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const url = `${client.baseUrl}${path}`;
  let response: Response;
  try {
    response = await globalThis.fetch(url, { headers: { ...client.headers(), Accept: 'application/pdf' } });
  } catch (cause) {
    throw new ApiRequestError(0, { message: `Network error on GET ${url}`, code: 'networkError' }, { cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      // not JSON
    }
    throw client.errorFor('GET', url, response.status, payload, { statusText: response.statusText });
  }
  const disposition = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), fileName: disposition?.[1] ?? fallbackName };
}
