import { http, HttpResponse } from 'msw';
import {
  downloadFileInput,
  fileExtension,
  fileUrl,
  isAllowedExtension,
  fileItem,
  removeFileInput,
  uploadFilesResponse,
  uploadType,
  DEFAULT_UPLOAD_MAX_TOTAL_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_TYPES,
  type FileItem,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/** The content type a mock upload's bytes show, by their magic bytes (what the server checks). */
export function sniffMime(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  if (starts(0x4d, 0x5a)) return 'application/x-msdownload';
  if (!bytes.includes(0)) return 'text/plain';
  return null;
}

const expected: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  docx: 'application/zip',
  xlsx: 'application/zip',
  pptx: 'application/zip',
  txt: 'text/plain',
  csv: 'text/plain',
};

/**
 * MSW handlers of the file calls with an in-memory store, behaving like the server: the
 * `type` field and the extension are checked against UPLOAD_TYPES, the content against the
 * extension (an .exe renamed .pdf → 415 `fileContentMismatch`), the total against 50 MB; a
 * download answers the stored bytes with the name in Content-Disposition; removing an unknown
 * or removed file → 404 `fileNotFound` with the server's text. Create a fresh set per test.
 */
export function createFilesHandlers() {
  const store = new Map<number, { item: FileItem; bytes: Uint8Array }>();
  let nextId = 900;

  const upload = async (request: Request) => {
    const form = await request.formData();
    const type = uploadType.safeParse(form.get('type'));
    if (!type.success) return errorResponse(400, 'invalidUploadType', 'The upload type is missing or unknown');
    const files = form.getAll('file').filter((part): part is File => typeof part !== 'string');
    if (files.length === 0) return errorResponse(400, 'noFiles', 'No file was sent');
    if (files.length > UPLOAD_MAX_FILES) return errorResponse(400, 'tooManyFiles', 'Too many files');
    const allowedExtensions = [...UPLOAD_TYPES[type.data]];
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > DEFAULT_UPLOAD_MAX_TOTAL_BYTES) {
      return errorResponse(413, 'fileTooLarge', 'The files are too large', {
        totalBytes: total,
        maxBytes: DEFAULT_UPLOAD_MAX_TOTAL_BYTES,
        fileNames: files.map((f) => f.name),
      });
    }
    const stored: FileItem[] = [];
    for (const file of files) {
      if (!isAllowedExtension(type.data, file.name)) {
        return errorResponse(415, 'fileTypeNotAllowed', `Files of this type are not allowed: ${file.name}`, {
          fileName: file.name,
          allowedExtensions,
        });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mime = sniffMime(bytes);
      const want = expected[fileExtension(file.name)];
      if (want && mime !== want) {
        return errorResponse(415, 'fileContentMismatch', `The content of ${file.name} does not match its extension`, {
          fileName: file.name,
          allowedExtensions,
          ...(mime ? { detectedMime: mime } : {}),
        });
      }
      const id = nextId++;
      const item: FileItem = { id, name: file.name, url: fileUrl(id), type: type.data, mime: mime ?? 'application/octet-stream', sizeBytes: file.size };
      store.set(id, { item, bytes });
      stored.push(item);
    }
    return HttpResponse.json(uploadFilesResponse.parse(stored));
  };

  return [
    http.post(apiPath('/global/FileUploadGlobal'), ({ request }) => upload(request)),
    http.post(apiPath('/global/uploadFile'), ({ request }) => upload(request)),

    http.post(apiPath('/global/FileServer/DownloadFile'), async ({ request }) => {
      const parsed = downloadFileInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const id = Number(/^files\/(\d+)$/.exec(parsed.data.url)?.[1]);
      const entry = store.get(id);
      if (!entry) return errorResponse(404, 'fileNotFound', 'The file was not found');
      return new HttpResponse(entry.bytes.slice(), {
        headers: {
          'Content-Type': entry.item.mime,
          'Content-Disposition': `attachment; filename="file"; filename*=UTF-8''${encodeURIComponent(entry.item.name)}`,
        },
      });
    }),

    http.post(apiPath('/global/removeFile'), async ({ request }) => {
      const parsed = removeFileInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const entry = store.get(parsed.data.id);
      if (!entry) return errorResponse(404, 'fileNotFound', 'The file was not found or is already removed');
      store.delete(parsed.data.id);
      return HttpResponse.json(fileItem.parse(entry.item));
    }),
  ];
}

/** A shared default set of the file handlers. */
export const filesHandlers = createFilesHandlers();
