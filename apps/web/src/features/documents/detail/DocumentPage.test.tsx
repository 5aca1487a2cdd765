import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { documentDetail, recordComment, type FolderLevel } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

const author = { id: 1, name: 'Aysel Məmmədova', imgPath: null };
const lawyer = { id: 7, name: 'Nigar Quliyeva', imgPath: null };

/** Document 9 as GET /documents/9 answers it: two versions, its history and one comment, at the caller's `level`. */
function detail(level: FolderLevel, comments: { id: number; text: string }[] = []) {
  const version = (n: number, at: string) => ({
    versionNo: n,
    file: { id: 100 + n, name: `emr-v${n}.txt`, url: `/api/files/${100 + n}`, type: 'document', mime: 'text/plain', sizeBytes: 2048 * n },
    sizeBytes: 2048 * n,
    sha256: `${n}`.repeat(64),
    hasText: true,
    createdBy: { id: author.id, name: author.name },
    createdAt: at,
  });
  return documentDetail.parse({
    document: {
      id: 9,
      title: 'Ezamiyyət haqqında əmr',
      typeCode: 'order',
      typeName: 'Əmr',
      folderId: 3,
      folderName: 'Əmrlər',
      status: 'DRAFT',
      versionCount: 2,
      forVendorInvoice: false,
      author: author.name,
      updatedAt: '2026-11-20T09:00:00.000Z',
      finishedAt: null,
      registryNumber: null,
      snippet: null,
      destinationId: null,
      destinationName: null,
      tagIds: [],
      tagNames: [],
      authorId: author.id,
      createdAt: '2026-11-20T08:00:00.000Z',
    },
    versions: [version(2, '2026-11-20T09:00:00.000Z'), version(1, '2026-11-20T08:00:00.000Z')],
    history: [
      { id: 2, action: 'newVersion', fromStatus: 'DRAFT', toStatus: 'DRAFT', actor: author, onBehalfOf: null, comment: null, details: null, createdAt: '2026-11-20T09:00:00.000Z' },
      { id: 1, action: 'create', fromStatus: null, toStatus: 'DRAFT', actor: author, onBehalfOf: null, comment: null, details: null, createdAt: '2026-11-20T08:00:00.000Z' },
    ],
    comments: comments.map((c) => ({ ...c, author: lawyer, createdAt: '2026-11-21T10:00:00.000Z' })),
    level,
    registryEntries: [],
  });
}

describe('document page (record kit)', () => {
  it('shows the fields, the versions and one timeline of history and comments; a comment is sent and appears without a reload', async () => {
    signIn();
    const comments: { id: number; text: string }[] = [{ id: 1, text: 'Tarixi yoxlayın' }];
    let sent: unknown = null;
    server.use(
      http.get(apiPath('/documents/9'), () => HttpResponse.json(detail('read', comments))),
      http.post(apiPath('/documents/9/comments'), async ({ request }) => {
        sent = await request.json();
        comments.push({ id: 2, text: 'Razıyam' });
        return HttpResponse.json(recordComment.parse({ id: 2, author: lawyer, text: 'Razıyam', createdAt: '2026-11-21T11:00:00.000Z' }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/documents/circulation/9');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ezamiyyət haqqında əmr' })).toBeInTheDocument();
    // The status badge of the header, and the create entry's → Draft in the timeline.
    expect(screen.getAllByText('Draft')).toHaveLength(2);
    expect(screen.getByText('Əmrlər')).toBeInTheDocument();
    const versions = screen.getAllByRole('list', { name: 'Versions' })[0]!;
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getByText('created it')).toBeInTheDocument();
    expect(within(history).getByText('uploaded a new version')).toBeInTheDocument();
    expect(within(history).getByText('Tarixi yoxlayın')).toBeInTheDocument();
    // Read access: no new version, route, move or delete.
    expect(screen.queryByRole('button', { name: 'Move to the recycle bin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();

    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), 'Razıyam');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'History' })).getByText('Razıyam')).toBeInTheDocument());
    expect(sent).toEqual({ text: 'Razıyam', mentionedUserIds: [] });
  });

  it('asks before it moves a document to the recycle bin, and goes back to the list after', async () => {
    signIn();
    let deleted = false;
    server.use(
      http.get(apiPath('/documents/9'), () => HttpResponse.json(detail('write'))),
      http.delete(apiPath('/documents/9'), () => {
        deleted = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/documents/circulation/9');
    await user.click(await screen.findByRole('button', { name: 'Move to the recycle bin' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ezamiyyət haqqında əmr');
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Move to the recycle bin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/documents/circulation'));
    expect(deleted).toBe(true);
  });
});
