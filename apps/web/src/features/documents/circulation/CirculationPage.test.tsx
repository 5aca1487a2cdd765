import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { documentListResponse, folderTreeResponse, type DocumentRow } from '@servicedesk/contracts';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { CIRCULATION_FILTERS_KEY, parseCirculationFilters } from './circulation-filters';
import { childrenOf } from './FolderTree';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());
beforeEach(() => localStorage.clear());

const tree = folderTreeResponse.parse({
  canCreateRoot: true,
  folders: [
    { id: 1, parentId: null, name: 'Kargüzarlıq', inherit: true, level: 'manage', documentCount: 2 },
    { id: 2, parentId: 1, name: 'Əmrlər', inherit: true, level: 'manage', documentCount: 1 },
  ],
});
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

/** The folders and grid answers; records every grid body and folder creation. */
function serve() {
  const grids: Record<string, unknown>[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(apiPath('/documents/folders'), () => HttpResponse.json(tree)),
    http.post(apiPath('/documents/grid'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      grids.push(body);
      const rows = body.scope === 'unfinished' ? [row(11, 'Ezamiyyət əmri', 'IN_APPROVAL')] : body.scope === 'folder' ? [row(12, 'Məzuniyyət əmri', 'DRAFT')] : [];
      return HttpResponse.json(documentListResponse.parse({ rows, total: rows.length, totalCapped: false }));
    }),
    http.post(apiPath('/documents/folders'), async ({ request }) => {
      const body = await request.json();
      created.push(body);
      return HttpResponse.json({ id: 3, parentId: null, name: (body as { name: string }).name, inherit: true, level: 'manage', documentCount: 0 });
    }),
  );
  return { grids, created };
}

describe('document circulation page', () => {
  it('shows the folder tree and the unfinished list; choosing a folder lists its documents and is remembered', async () => {
    signIn();
    const { grids } = serve();
    const user = userEvent.setup();
    renderApp('/home/documents/circulation');
    const folders = await screen.findByRole('list', { name: 'Folders' }, { timeout: 20_000 });
    expect((await within(folders).findAllByRole('button')).map((b) => b.textContent)).toEqual(['Kargüzarlıq2', 'Əmrlər1']);
    expect(await screen.findByRole('link', { name: 'Ezamiyyət əmri' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(grids[0]).toMatchObject({ scope: 'unfinished' });
    await user.click(within(folders).getByRole('button', { name: /Əmrlər/ }));
    expect(await screen.findByRole('link', { name: 'Məzuniyyət əmri' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(grids.at(-1)).toMatchObject({ scope: 'folder', folderId: 2 }));
    expect(JSON.parse(localStorage.getItem('sd.tableFilters') ?? '{}')[CIRCULATION_FILTERS_KEY]).toMatchObject({ scope: 'folder', folderId: 2 });
  });

  it('says more documents match while the server counted only as far as the page (the last page’s count)', async () => {
    signIn();
    server.use(
      http.get(apiPath('/documents/folders'), () => HttpResponse.json(tree)),
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
    const { created } = serve();
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
  });
});

describe('circulation helpers', () => {
  it('keeps only valid remembered filters', () => {
    expect(parseCirculationFilters({ scope: 'justFinished', folderId: 4 })).toEqual({ scope: 'justFinished', folderId: 4 });
    expect(parseCirculationFilters({ scope: 'nonsense', folderId: -1 })).toEqual({ scope: 'unfinished', folderId: null });
  });
  it('groups folders by parent', () => {
    expect([...childrenOf(tree.folders).entries()].map(([k, v]) => [k, v.map((f) => f.id)])).toEqual([
      [null, [1]],
      [1, [2]],
    ]);
  });
});
