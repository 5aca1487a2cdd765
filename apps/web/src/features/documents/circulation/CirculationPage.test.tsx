import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { documentListResponse, type DocumentRow } from '@servicedesk/contracts';
import { documentFoldersFixture } from '@servicedesk/api/documents/documents.handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { CIRCULATION_FILTERS_KEY, parseCirculationFilters } from './circulation-filters';
import { childrenOf } from './FolderTree';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());
beforeEach(() => localStorage.clear());

// The documents mock handlers (packages/api documents.handlers.ts): Kargüzarlıq holds the plan and
// Əmrlər; Əmrlər holds an order in approval and a draft; Oxu (read only) a DOCX and a PDF.

/** A grid row for the one test that answers the grid itself (a search counted only to the page). */
const row = (id: number, title: string, status: DocumentRow['status']): DocumentRow => ({
  id,
  title,
  typeCode: 'order',
  typeName: 'Order',
  folderId: 2,
  folderName: 'Əmrlər',
  status,
  versionCount: 1,
  forVendorInvoice: false,
  author: 'Ləman Rzayeva',
  updatedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  registryNumber: null,
  snippet: null,
});

/** Every body the page sent to `method path` (the handlers answer them). */
function recordBodies(method: string, path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === `/api${path}`) void request.clone().json().then((b: Record<string, unknown>) => bodies.push(b));
  });
  return bodies;
}

describe('document circulation page', () => {
  it('shows the folder tree and the unfinished list; choosing a folder lists its documents and is remembered', async () => {
    signIn();
    const grids = recordBodies('POST', '/documents/grid');
    const user = userEvent.setup();
    renderApp('/home/documents/circulation');
    const folders = await screen.findByRole('list', { name: 'Folders' }, { timeout: 20_000 });
    expect((await within(folders).findAllByRole('button')).map((b) => b.textContent)).toEqual(['Kargüzarlıq1', 'Əmrlər2', 'Oxu2']);
    // Unfinished: the drafts and the one in approval, newest first.
    expect(await screen.findByRole('link', { name: 'Ezamiyyət əmri' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Təchizat planı' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Büdcə hesabatı' })).toBeNull();
    await waitFor(() => expect(grids[0]).toMatchObject({ scope: 'unfinished' }));
    await user.click(within(folders).getByRole('button', { name: /Əmrlər/ }));
    // Əmrlər's two documents, not the plan of Kargüzarlıq.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Təchizat planı' })).toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Məzuniyyət əmri' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ezamiyyət əmri' })).toBeInTheDocument();
    await waitFor(() => expect(grids.at(-1)).toMatchObject({ scope: 'folder', folderId: 2 }));
    expect(JSON.parse(localStorage.getItem('sd.tableFilters') ?? '{}')[CIRCULATION_FILTERS_KEY]).toMatchObject({ scope: 'folder', folderId: 2 });
  });

  it('says more documents match while the server counted only as far as the page (the last page’s count)', async () => {
    signIn();
    // This one answer is the test's own: the handlers' few documents never fill a page.
    server.use(
      http.post(apiPath('/documents/grid'), async ({ request }) => {
        const body = (await request.json()) as { skip?: number; take?: number };
        const skip = body.skip ?? 0;
        const take = body.take ?? 100;
        // A search's count reaches as far as the page: the page's end, "capped", while more match.
        const rows = Array.from({ length: take }, (_, i) => row(skip + i + 1, `Sənəd ${skip + i + 1}`, 'DRAFT'));
        return HttpResponse.json(documentListResponse.parse({ rows, total: skip + take, totalCapped: true }));
      }),
    );
    renderApp('/home/documents/circulation');
    expect(await screen.findByRole('link', { name: 'Sənəd 1' }, { timeout: 20_000 })).toBeInTheDocument();
    const count = await screen.findByTestId('list-row-count');
    await waitFor(() => expect(count.textContent).toMatch(/^[\d,]+ shown, more match — scroll for more$/));
  });

  it('refuses a reserved folder name in the prompt without asking the server, and creates a valid one', async () => {
    signIn();
    const created = recordBodies('POST', '/documents/folders');
    const user = userEvent.setup();
    renderApp('/home/documents/circulation');
    await user.click(await screen.findByRole('button', { name: 'New folder' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByRole('textbox', { name: /Folder name/ }), 'LPT1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/This name is reserved/)).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: /Folder name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Folder name/ }), 'Arxiv 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Arxiv 2026', parentId: null }]));
    // The server made it: the dialog closes and the tree shows it at the root.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New folder' })).toBeNull());
    expect(await within(screen.getByRole('list', { name: 'Folders' })).findByRole('button', { name: /Arxiv 2026/ })).toBeInTheDocument();
  });
});

describe('circulation helpers', () => {
  it('keeps only valid remembered filters', () => {
    expect(parseCirculationFilters({ scope: 'justFinished', folderId: 4 })).toEqual({ scope: 'justFinished', folderId: 4 });
    expect(parseCirculationFilters({ scope: 'nonsense', folderId: -1 })).toEqual({ scope: 'unfinished', folderId: null });
  });
  it('groups folders by parent', () => {
    const tree = { folders: documentFoldersFixture.map((f) => ({ ...f, documentCount: 0 })) };
    expect([...childrenOf(tree.folders).entries()].map(([k, v]) => [k, v.map((f) => f.id)])).toEqual([
      [null, [1, 3]],
      [1, [2]],
    ]);
  });
});
