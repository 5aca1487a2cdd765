import { http, HttpResponse } from 'msw';
import {
  createFolderInput,
  documentDetail,
  documentFolder,
  documentListQuery,
  documentListResponse,
  documentPreviewHtml,
  folderTreeResponse,
  levelAtLeast,
  moveDocumentInput,
  type DocumentDetail,
  type DocumentFolder,
  type DocumentRow,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/*
 * MSW handlers of document circulation with in-memory state, behaving like the server's
 * modules/documents for what the pages call: the folder tree with the caller's level on each
 * folder and its document count, a new folder (the folder-name rule of the contract), the grid
 * (the list scopes, a folder's documents, a title search, page by page), a document's detail, its
 * move to a folder the caller writes to, and the preview of a version (DOCX as HTML, the bytes).
 * Every answer is parsed by its contract schema before it leaves.
 */

/** The caller's folders: Kargüzarlıq (manage) holding Əmrlər (write), and Oxu (read only). */
export const documentFoldersFixture: Omit<DocumentFolder, 'documentCount'>[] = [
  { id: 1, parentId: null, name: 'Kargüzarlıq', inherit: true, level: 'manage' },
  { id: 2, parentId: 1, name: 'Əmrlər', inherit: true, level: 'write' },
  { id: 3, parentId: null, name: 'Oxu', inherit: true, level: 'read' },
];

/** One mock document: its row, its author and its one version's file name. */
export interface DocumentFixture {
  row: DocumentRow;
  authorId: number;
  fileName: string;
}

const AT = '2026-11-24T10:00:00.000Z';
const doc = (id: number, title: string, folderId: number, status: DocumentRow['status'], fileName: string): DocumentFixture => ({
  row: {
    id,
    title,
    typeCode: 'order',
    typeName: 'Order',
    folderId,
    folderName: documentFoldersFixture.find((f) => f.id === folderId)?.name ?? null,
    status,
    versionCount: 1,
    forVendorInvoice: false,
    author: 'Ləman Rzayeva',
    updatedAt: new Date(Date.parse(AT) + id * 60_000).toISOString(),
    finishedAt: null,
    registryNumber: null,
    snippet: null,
  },
  authorId: 9,
  fileName,
});

/**
 * The documents: a draft plan in Kargüzarlıq (a text file, no preview), an order in approval and a
 * draft order in Əmrlər, a DOCX and a PDF in the read-only Oxu.
 */
export const documentsFixture = (): DocumentFixture[] => [
  doc(5, 'Təchizat planı', 1, 'DRAFT', 'plan.txt'),
  doc(6, 'Sərəncam layihəsi', 3, 'APPROVED', 'serencam.docx'),
  doc(7, 'Büdcə hesabatı', 3, 'APPROVED', 'budce.pdf'),
  doc(11, 'Ezamiyyət əmri', 2, 'IN_APPROVAL', 'ezamiyyet.txt'),
  doc(12, 'Məzuniyyət əmri', 2, 'DRAFT', 'mezuniyyet.txt'),
];

/**
 * The HTML of a DOCX version as the server's conversion answers it — with what a hostile file may
 * carry (a script, an inline handler, a javascript: link), which the page must not run or keep.
 */
export const DOCX_PREVIEW_HTML =
  '<p>Salam <strong>dünya</strong></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">bax</a>';

/** The first bytes of a PDF ("%PDF-"), what the preview reads for a PDF version. */
const PDF_BYTES = [37, 80, 68, 70, 45];

const UNFINISHED = new Set<DocumentRow['status']>(['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'RETURNED']);

/**
 * Handlers of /api/documents (folders, grid, detail, move, version preview) over fresh copies of
 * `folders` and `documents`. The caller's level on a folder is the fixture's; a folder created here
 * is the caller's to manage.
 */
export function createDocumentsHandlers(folders = documentFoldersFixture, documents: DocumentFixture[] = documentsFixture()) {
  const tree = folders.map((f) => ({ ...f }));
  const docs = documents.map((d) => ({ ...d, row: { ...d.row } }));
  let nextFolder = Math.max(0, ...tree.map((f) => f.id)) + 1;
  const folderOf = (id: number | null) => tree.find((f) => f.id === id);
  const counted = (f: Omit<DocumentFolder, 'documentCount'>): DocumentFolder => ({ ...f, documentCount: docs.filter((d) => d.row.folderId === f.id).length });
  const readable = (d: DocumentFixture) => d.row.folderId === null || folderOf(d.row.folderId) !== undefined;
  const detailOf = (d: DocumentFixture): DocumentDetail =>
    documentDetail.parse({
      document: { ...d.row, destinationId: null, destinationName: null, tagIds: [], tagNames: [], authorId: d.authorId, createdAt: AT },
      versions: [
        {
          versionNo: 1,
          file: { id: 400 + d.row.id, name: d.fileName, type: 'document', mime: 'application/octet-stream', sizeBytes: 2048, url: `files/${400 + d.row.id}` },
          sha256: 'ab'.repeat(32),
          sizeBytes: 2048,
          hasText: true,
          createdBy: { id: d.authorId, name: d.row.author },
          createdAt: AT,
        },
      ],
      history: [],
      comments: [],
      level: folderOf(d.row.folderId)?.level ?? 'manage',
      registryEntries: [],
    });
  const find = (id: unknown) => docs.find((d) => d.row.id === Number(id) && readable(d));
  /** `/documents/:id` also matches other one-word paths (principals): those are not this handler's. */
  const isId = (id: unknown) => typeof id === 'string' && /^\d+$/.test(id);
  const notFound = () => errorResponse(404, 'notFound', 'No such document.');

  return [
    http.get(apiPath('/documents/folders'), () => HttpResponse.json(folderTreeResponse.parse({ canCreateRoot: true, folders: tree.map(counted) }))),
    http.post(apiPath('/documents/folders'), async ({ request }) => {
      const parsed = createFolderInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { name, parentId } = parsed.data;
      if (parentId !== null && !levelAtLeast(folderOf(parentId)?.level ?? null, 'manage'))
        return errorResponse(403, 'folderPermission', 'You have no permission on this folder.', { folderId: parentId, needed: 'manage' });
      if (tree.some((f) => f.parentId === parentId && f.name.toLocaleLowerCase() === name.toLocaleLowerCase()))
        return errorResponse(409, 'folderNameTaken', 'A folder of this name is already there.');
      const folder = { id: nextFolder++, parentId, name, inherit: true, level: 'manage' as const };
      tree.push(folder);
      return HttpResponse.json(documentFolder.parse(counted(folder)));
    }),
    http.post(apiPath('/documents/grid'), async ({ request }) => {
      const parsed = documentListQuery.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { scope, folderId, search, skip, take } = parsed.data;
      const needle = search?.trim().toLocaleLowerCase() ?? '';
      const rows = docs
        .filter(readable)
        .filter((d) => {
          if (scope === 'unfinished') return UNFINISHED.has(d.row.status);
          if (scope === 'folder') return d.row.folderId === (folderId ?? null);
          if (scope === 'all') return true;
          return !UNFINISHED.has(d.row.status) && d.row.finishedAt !== null && (scope === 'justFinished' || d.row.forVendorInvoice);
        })
        .filter((d) => d.row.title.toLocaleLowerCase().includes(needle))
        .map((d) => d.row)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
      return HttpResponse.json(documentListResponse.parse({ rows: rows.slice(skip, skip + take), total: rows.length, totalCapped: false }));
    }),
    http.get(apiPath('/documents/:id'), ({ params }) => {
      if (!isId(params.id)) return undefined;
      const d = find(params.id);
      return d ? HttpResponse.json(detailOf(d)) : notFound();
    }),
    http.post(apiPath('/documents/:id/move'), async ({ params, request }) => {
      const d = find(params.id);
      if (!d) return notFound();
      const parsed = moveDocumentInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const target = folderOf(parsed.data.folderId);
      if (!levelAtLeast(folderOf(d.row.folderId)?.level ?? null, 'write') || !levelAtLeast(target?.level ?? null, 'write'))
        return errorResponse(403, 'folderPermission', 'You have no permission on this folder.', { folderId: parsed.data.folderId, needed: 'write' });
      d.row = { ...d.row, folderId: parsed.data.folderId, folderName: target?.name ?? null };
      return HttpResponse.json(detailOf(d));
    }),
    http.get(apiPath('/documents/:id/versions/:versionNo/html'), ({ params }) => {
      const d = find(params.id);
      if (!d || Number(params.versionNo) !== 1) return notFound();
      if (!d.fileName.toLowerCase().endsWith('.docx')) return errorResponse(422, 'noPreview', 'Only a DOCX version is shown as HTML.');
      return HttpResponse.json(documentPreviewHtml.parse({ versionNo: 1, html: DOCX_PREVIEW_HTML }));
    }),
    http.get(apiPath('/documents/:id/versions/:versionNo/download'), ({ params }) => {
      const d = find(params.id);
      if (!d || Number(params.versionNo) !== 1) return notFound();
      const pdf = d.fileName.toLowerCase().endsWith('.pdf');
      return new HttpResponse(pdf ? new Uint8Array(PDF_BYTES) : new TextEncoder().encode(d.row.title), { headers: { 'content-type': pdf ? 'application/pdf' : 'text/plain' } });
    }),
  ];
}
