import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { documentDetail, folderTreeResponse, type DocumentDetail } from '@servicedesk/contracts';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { previewKind } from './DocumentPreview';
import { moveTargets } from '../circulation/move-item';

// The document page's preview (PDF through pdf.js — here a stand-in —, DOCX sanitised, images) and
// the move dialog (issue #41).

vi.mock('./pdf-render', () => ({
  openPdf: vi.fn(async () => ({ pages: 2, render: vi.fn(async () => undefined), destroy: vi.fn(async () => undefined) })),
}));

const server = mockServerForFile();

const tree = folderTreeResponse.parse({
  canCreateRoot: true,
  folders: [
    { id: 1, parentId: null, name: 'Kargüzarlıq', inherit: true, level: 'manage', documentCount: 1 },
    { id: 2, parentId: 1, name: 'Əmrlər', inherit: true, level: 'write', documentCount: 0 },
    { id: 3, parentId: null, name: 'Oxu', inherit: true, level: 'read', documentCount: 0 },
  ],
});

const detail = (fileName: string, level: DocumentDetail['level'] = 'write'): DocumentDetail =>
  documentDetail.parse({
    document: {
      id: 5, title: 'Təchizat planı', typeCode: 'order', typeName: 'Order', folderId: 1, folderName: 'Kargüzarlıq', status: 'DRAFT', versionCount: 1,
      forVendorInvoice: false, author: 'Ləman Rzayeva', updatedAt: '2026-11-24T10:00:00.000Z', finishedAt: null, registryNumber: null, snippet: null,
      destinationId: null, destinationName: null, tagIds: [], tagNames: [], authorId: 9, createdAt: '2026-11-24T10:00:00.000Z',
    },
    versions: [{ versionNo: 1, file: { id: 40, name: fileName, type: 'document', mime: 'application/octet-stream', sizeBytes: 2048, url: 'files/40' }, sha256: 'ab'.repeat(32), sizeBytes: 2048, hasText: true, createdBy: { id: 9, name: 'Ləman Rzayeva' }, createdAt: '2026-11-24T10:00:00.000Z' }],
    history: [],
    comments: [],
    level,
    registryEntries: [],
  });

function serve(fileName: string, level: DocumentDetail['level'] = 'write') {
  const moves: unknown[] = [];
  server.use(
    http.get(apiPath('/documents/5'), () => HttpResponse.json(detail(fileName, level))),
    http.get(apiPath('/documents/folders'), () => HttpResponse.json(tree)),
    http.get(apiPath('/documents/5/versions/1/html'), () =>
      HttpResponse.json({ versionNo: 1, html: '<p>Salam <strong>dünya</strong></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">bax</a>' }),
    ),
    http.get(apiPath('/documents/5/versions/1/download'), () => new HttpResponse(new Uint8Array([37, 80, 68, 70, 45]), { headers: { 'content-type': 'application/pdf' } })),
    http.post(apiPath('/documents/5/move'), async ({ request }) => {
      moves.push(await request.json());
      return HttpResponse.json({ ...detail(fileName, level), document: { ...detail(fileName, level).document, folderId: 2, folderName: 'Əmrlər' } });
    }),
  );
  return { moves };
}

describe('document preview', () => {
  it('shows a DOCX as sanitised HTML: its text, never its scripts, handlers or javascript: links', async () => {
    signIn();
    serve('plan.docx', 'read');
    renderApp('/home/documents/circulation/5');
    const preview = await screen.findByTestId('docx-preview', {}, { timeout: 20_000 });
    expect(preview.textContent).toContain('Salam dünya');
    expect(preview.querySelector('strong')?.textContent).toBe('dünya');
    expect(preview.querySelector('script, img, [onerror]')).toBeNull();
    expect(preview.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a PDF page by page with pdf.js', async () => {
    signIn();
    serve('plan.pdf', 'read');
    const user = userEvent.setup();
    renderApp('/home/documents/circulation/5');
    expect(await screen.findByText('Page 1 of 2', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('previews PDF, DOCX and images, and nothing else', () => {
    expect(['a.PDF', 'b.docx', 'c.png', 'd.jpeg', 'e.xlsx', 'f.txt'].map(previewKind)).toEqual(['pdf', 'docx', 'image', 'image', null, null]);
  });
});

describe('move dialog', () => {
  it('moves the document to a folder the caller writes to, chosen in the dialog', async () => {
    signIn();
    const { moves } = serve('plan.txt');
    const user = userEvent.setup();
    renderApp('/home/documents/circulation/5');
    await user.click(await screen.findByRole('button', { name: 'Move to another folder' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Move «Təchizat planı»' });
    await user.click(within(dialog).getByRole('button', { name: /Folder/ }));
    // Only folders it may go to: write or manage, not where it is.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Əmrlər']);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(moves).toEqual([{ folderId: 2 }]));
    expect(await screen.findByText('«Təchizat planı» was moved to «Əmrlər»')).toBeInTheDocument();
  });

  it('never offers a folder itself or one under it', () => {
    expect(moveTargets({ kind: 'folder', id: 1, name: 'Kargüzarlıq', parentId: null }, tree.folders).map((f) => f.id)).toEqual([]);
    expect(moveTargets({ kind: 'document', id: 5, name: 'x', folderId: 2 }, tree.folders).map((f) => f.id)).toEqual([1]);
  });
});
