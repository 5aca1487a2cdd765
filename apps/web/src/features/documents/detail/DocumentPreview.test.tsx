import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { documentFoldersFixture } from '@servicedesk/api/documents/documents.handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { previewKind } from './DocumentPreview';
import { moveTargets } from '../circulation/move-item';

// The document page's preview (PDF through pdf.js — here a stand-in —, DOCX sanitised, images) and
// the move dialog (issue #41).

vi.mock('./pdf-render', () => ({
  openPdf: vi.fn(async () => ({ pages: 2, render: vi.fn(async () => undefined), destroy: vi.fn(async () => undefined) })),
}));

// The documents mock handlers (packages/api documents.handlers.ts): Oxu (read only) holds a DOCX
// (6) and a PDF (7); Kargüzarlıq (manage) holds the plan (5, a text file), Əmrlər (write) is under it.
const server = mockServerForFile();

/** Every move body the page sent; the handlers apply them. */
function recordMoves() {
  const moves: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (/\/api\/documents\/\d+\/move$/.test(new URL(request.url).pathname)) void request.clone().json().then((b: unknown) => moves.push(b));
  });
  return moves;
}

describe('document preview', () => {
  it('shows a DOCX as sanitised HTML: its text, never its scripts, handlers or javascript: links', async () => {
    signIn();
    renderApp('/home/documents/circulation/6');
    const preview = await screen.findByTestId('docx-preview', {}, { timeout: 20_000 });
    expect(preview.textContent).toContain('Salam dünya');
    expect(preview.querySelector('strong')?.textContent).toBe('dünya');
    expect(preview.querySelector('script, img, [onerror]')).toBeNull();
    expect(preview.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a PDF page by page with pdf.js', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/documents/circulation/7');
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
    const moves = recordMoves();
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
    const tree = { folders: documentFoldersFixture.map((f) => ({ ...f, documentCount: 0 })) };
    expect(moveTargets({ kind: 'folder', id: 1, name: 'Kargüzarlıq', parentId: null }, tree.folders).map((f) => f.id)).toEqual([]);
    expect(moveTargets({ kind: 'document', id: 5, name: 'x', folderId: 2 }, tree.folders).map((f) => f.id)).toEqual([1]);
  });
});
