import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { pdfBytes } from '@servicedesk/api/files/files.fixtures';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { catchSavedDownloads } from '../../../test/saved-downloads';
import { downloadPageHref, serverHandleOf } from '../shared/files/use-file-upload';

const server = mockServerForFile();
afterEach(() => vi.restoreAllMocks());

/** DownloadFile as the server answers it: the bytes of files/77, 403 for files/78. */
function serveFiles() {
  const asked: string[] = [];
  server.use(
    http.post(apiPath('/global/FileServer/DownloadFile'), async ({ request }) => {
      const { url } = (await request.json()) as { url: string };
      asked.push(url);
      if (url === 'files/78') {
        return HttpResponse.json({ message: 'You may not read this file.', code: 'forbidden' }, { status: 403 });
      }
      return new HttpResponse(pdfBytes.slice(), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Akt 2026.pdf')}` },
      });
    }),
  );
  return asked;
}

describe('file download page (/home/download)', () => {
  it('round-trips the server handle through its address', () => {
    const href = downloadPageHref({ url: 'files/77', name: 'Akt & hesabat 2026.pdf' });
    expect(href).toBe('/home/download?file=files%2F77&name=Akt+%26+hesabat+2026.pdf');
    expect(serverHandleOf(href)).toBe('files/77');
    expect(serverHandleOf('files/5')).toBe('files/5');
  });

  it('downloads the file once on arrival and says so, and again on request', async () => {
    signIn();
    const asked = serveFiles();
    const { saved, clicks } = catchSavedDownloads();
    renderApp(downloadPageHref({ url: 'files/77', name: 'Akt 2026.pdf' }));
    expect(await screen.findByText('“Akt 2026.pdf” is downloaded: your browser has saved it.')).toBeInTheDocument();
    expect(asked).toEqual(['files/77']);
    expect(Array.from(new Uint8Array(await saved[0]!.arrayBuffer()))).toEqual(Array.from(pdfBytes));
    expect((clicks.mock.contexts.at(-1) as HTMLAnchorElement).download).toBe('Akt 2026.pdf');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download again' }));
    await waitFor(() => expect(asked).toEqual(['files/77', 'files/77']));
  });

  it("shows the server's reason when the file may not be read", async () => {
    signIn();
    serveFiles();
    catchSavedDownloads();
    renderApp(downloadPageHref({ url: 'files/78', name: 'Maaş.xlsx' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not read this file.');
    expect(screen.getByRole('link', { name: 'To the dashboard' })).toHaveAttribute('href', '/home/dashboard');
  });

  it('says when the address names no file', async () => {
    signIn();
    const asked = serveFiles();
    renderApp('/home/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('This address names no file.');
    expect(asked).toEqual([]);
  });
});
