import { File as NodeFile } from 'node:buffer';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { ApiProvider } from '@servicedesk/api/provider';
import { exeBytes, pdfBytes } from '@servicedesk/api/files/files.fixtures';
import { setUploadTransport } from '@servicedesk/api/files/upload-files';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile } from '../../../../test/render-app';
import { catchSavedDownloads } from '../../../../test/saved-downloads';
import { createQueryClient } from '../../../app/services';
import { FileUploadField } from './FileUploadField';

/** A flow of many steps gets more than the default 20 s on a busy 2-core machine. */
const LONG_FLOW_MS = 60_000;
const server = mockServerForFile();
beforeAll(async () => {
  // jsdom's FormData and File are not Node's: fetch (undici) would lose the file names. The
  // tests send Node's FormData with Node's Files, as a browser sends its own.
  const nodeFormData = (await new Request('http://localhost/', { method: 'POST', body: new URLSearchParams('a=1') }).formData()).constructor;
  vi.stubGlobal('FormData', nodeFormData);
  // msw answers fetch but not jsdom's XMLHttpRequest: uploads take the fetch path here
  // (the XHR progress path is covered in packages/api and by e2e/test/files.spec.ts).
  setUploadTransport('fetch');
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  setUploadTransport('xhr');
  vi.unstubAllGlobals();
});

function renderField(ui: ReactNode) {
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  const client = createApiClient({ baseUrl: 'http://localhost/api', getToken: () => 'token' });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ApiProvider client={client}>{ui}</ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/**
 * A file the way fetch in Node sees one: jsdom's File loses its name inside Node's FormData, so
 * the tests pick Node's File (the browser path is e2e/test/files.spec.ts).
 */
const file = (bits: BlobPart[], name: string, type?: string) => new NodeFile(bits as never[], name, { type }) as unknown as File;

const chooser = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

/** Picks `files` in the hidden file input, as the browser's file dialog does. */
function pick(...files: File[]) {
  const input = chooser();
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('FileUploadField', () => {
  it('uploads a file, downloads the same bytes under its name, and removes it after a confirmation', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { saved, clicks } = catchSavedDownloads();
    const show = vi.spyOn(toast, 'show');
    renderField(<FileUploadField type="general" label="Attachments" onChange={onChange} />);

    expect(screen.getByText('No files yet.')).toBeInTheDocument();
    pick(file([pdfBytes], 'Hesabat.pdf', 'application/pdf'));
    // Once stored, the file is in the list with its download link.
    await screen.findByRole('link', { name: 'Download: Hesabat.pdf' });
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'Hesabat.pdf', url: expect.stringMatching(/^files\//) })]);
    // Its address is the download page (a new tab or a bookmark downloads there, never a 404), not the file itself.
    const listed = screen.getByRole('link', { name: 'Download: Hesabat.pdf' });
    expect(listed.getAttribute('href')).toMatch(/^\/home\/download\?file=files%2F\d+&name=Hesabat\.pdf$/);
    expect(listed).not.toHaveAttribute('download');

    await user.click(screen.getByRole('link', { name: 'Download: Hesabat.pdf' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Array.from(new Uint8Array(await saved[0]!.arrayBuffer()))).toEqual(Array.from(pdfBytes));
    const link = clicks.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(link.download).toBe('Hesabat.pdf');

    await user.click(screen.getByRole('button', { name: 'Delete: Hesabat.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('“Hesabat.pdf” will be deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Hesabat.pdf')).toBeNull());
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: '“Hesabat.pdf” was deleted.', variant: 'success' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  }, LONG_FLOW_MS);

  it('shows the type error dialog when the server finds an .exe renamed .pdf', async () => {
    const user = userEvent.setup();
    renderField(<FileUploadField type="general" />);
    pick(file([exeBytes], 'invoice.pdf', 'application/pdf'));
    const dialog = await screen.findByRole('alertdialog', { name: 'This file type is not allowed' });
    expect(dialog).toHaveTextContent("The file's content does not match its extension");
    expect(within(dialog).getByText('invoice.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Not uploaded')).toBeInTheDocument();
  });

  it('refuses a wrong extension before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const sent = vi.fn();
    server.events.on('request:start', sent);
    renderField(<FileUploadField type="avatar" />);
    await user.upload(chooser(), new File(['MZ'], 'setup.exe'));
    const dialog = await screen.findByRole('alertdialog', { name: 'This file type is not allowed' });
    expect(dialog).toHaveTextContent('Allowed extensions: .jpg, .jpeg, .png, .gif, .webp');
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it("toasts the server's own text when a removal fails", async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toast, 'show');
    renderField(
      <FileUploadField
        type="general"
        defaultFiles={[{ id: 77, name: 'old.pdf', url: 'files/77', type: 'general', mime: 'application/pdf', sizeBytes: 10 }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete: old.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'The file was not found or is already removed', variant: 'error' })),
    );
    expect(screen.getByText('old.pdf')).toBeInTheDocument();
  });
});
