import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { FileItem, UploadType } from '@servicedesk/contracts';
import { ApiRequestError } from '../errors';
import { checkAnswer, loadSchema, type ApiClient, type SchemaSource } from '../client';
import { useApiClient } from '../provider';

/** What an upload sends: the files (in order) and their purpose (the multipart `type` field). */
export interface UploadFilesInput {
  files: File[];
  type: UploadType;
}

/** Options of an upload: progress as bytes go out, and cancellation. */
export interface UploadOptions {
  /**
   * Called with the fraction sent, 0..1, as the request body goes out (XMLHttpRequest upload
   * progress), and with 1 once the server answered. Where XMLHttpRequest is missing (Node)
   * only the final 1 is reported.
   */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

let defaultTransport: 'xhr' | 'fetch' = 'xhr';

/**
 * Chooses how uploads are sent from now on: 'xhr' (default; XMLHttpRequest for upload progress,
 * falling back to fetch where it is missing) or 'fetch' (progress only at the end). jsdom tests
 * choose 'fetch': msw answers fetch there but not jsdom's XMLHttpRequest.
 */
export function setUploadTransport(transport: 'xhr' | 'fetch'): void {
  defaultTransport = transport;
}

/** The multipart body: `type` FIRST (so the server knows the purpose before the first file part), then one `file` part per file. */
export function uploadFormData({ files, type }: UploadFilesInput): FormData {
  const form = new FormData();
  form.append('type', type);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The stored files' contract (contracts `uploadFilesResponse`), loaded with the first upload (issue #19). */
const uploadFilesResponse = () => import('@servicedesk/contracts/files').then((m) => m.uploadFilesResponse);

/**
 * Sends a multipart POST to `path` and parses the answer as contracts `uploadFilesResponse`, with
 * upload progress through XMLHttpRequest when the environment has it (browsers, jsdom), else
 * through fetch. Rejects like every call ({@link ApiRequestError}: the server's code, e.g.
 * `fileContentMismatch`; status 0 `networkError`; `invalidResponse`).
 */
export function postMultipart<T = FileItem[]>(
  client: ApiClient,
  path: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
  /** The answer's contract (default the stored files, contracts `uploadFilesResponse`), or its loader. */
  schema: SchemaSource<T> = uploadFilesResponse as unknown as SchemaSource<T>,
): Promise<T> {
  const url = client.baseUrl + path;
  const headers = client.headers();
  const contract = loadSchema(schema);
  const finish = async (status: number, statusText: string, payload: unknown): Promise<T> => {
    if (status < 200 || status >= 300) {
      throw client.errorFor('POST', url, status, payload, { statusText });
    }
    const data = await checkAnswer(contract, payload, 'POST', url, status);
    onProgress?.(1);
    return data;
  };
  const networkError = (cause?: unknown) =>
    new ApiRequestError(0, { message: `Network error on POST ${url}`, code: 'networkError' }, { cause });

  if (defaultTransport === 'fetch' || typeof XMLHttpRequest === 'undefined') {
    return globalThis
      .fetch(url, { method: 'POST', headers, body: form, signal })
      .catch((cause: unknown) => {
        if (signal?.aborted) throw cause;
        throw networkError(cause);
      })
      .then(async (response) => finish(response.status, response.statusText, parseBody(await response.text())));
  }

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      // The last bytes leaving is not the answer yet: hold 100 % until the server answered.
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(0.99, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      finish(xhr.status, xhr.statusText, parseBody(xhr.responseText)).then(resolve, (error: unknown) =>
        reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
    xhr.addEventListener('error', () => {
      console.error(`[api] POST ${url} failed: network error`);
      reject(networkError());
    });
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * POST /api/global/FileUploadGlobal (SPEC §7 Global, §5 Uploads): multipart with the `type`
 * field and repeated `file` parts → the stored files (FileItem: id, name, url `files/{id}`,
 * type, mime, sizeBytes), in the order sent. Errors (ApiRequestError.code): 413 `fileTooLarge`
 * (details FileTooLargeDetails), 415 `fileTypeNotAllowed` / `fileContentMismatch` (details
 * FileTypeDetails: an .exe renamed .pdf is refused from its bytes), 400 `noFiles` /
 * `invalidUploadType` / `tooManyFiles`.
 */
export function uploadFiles(client: ApiClient, input: UploadFilesInput, options?: UploadOptions): Promise<FileItem[]> {
  return postMultipart(client, '/global/FileUploadGlobal', uploadFormData(input), options);
}

/**
 * POST /api/global/uploadFile (SPEC §7 Global): the same multipart body for ONE file → the
 * stored file. Errors as {@link uploadFiles}.
 */
export async function uploadFile(
  client: ApiClient,
  { file, type }: { file: File; type: UploadType },
  options?: UploadOptions,
): Promise<FileItem> {
  const [stored] = await postMultipart(client, '/global/uploadFile', uploadFormData({ files: [file], type }), options);
  if (!stored) {
    throw new ApiRequestError(200, { message: 'POST /global/uploadFile answered no file', code: 'invalidResponse' });
  }
  return stored;
}

/** Mutation for {@link uploadFiles} (no cache to refresh: the caller keeps the answer with its record). */
export function useUploadFiles(
  options?: Omit<UseMutationOptions<FileItem[], ApiRequestError, UploadFilesInput & UploadOptions>, 'mutationFn'>,
) {
  const client = useApiClient();
  return useMutation({
    ...options,
    mutationFn: ({ onProgress, signal, ...input }: UploadFilesInput & UploadOptions) =>
      uploadFiles(client, input, { onProgress, signal }),
  });
}
