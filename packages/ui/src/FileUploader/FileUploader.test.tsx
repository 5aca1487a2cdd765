import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import type { StoredFile } from '../FileList';
import { ToastRegion } from '../Toast/Toast';
import { checkSelection, FileUploader, type FileUploaderProps } from './FileUploader';

const texts = {
  label: 'Attachments',
  dropLabel: 'Drag files here or',
  browseLabel: 'Choose files',
  fileSizeErrorHeader: 'File is too large',
  fileSizeErrorInfo: ({ total, max }: { total: string; max: string }) =>
    `Total ${total} exceeds the maximum ${max}.`,
  fileUploadFiletypeErrorHeader: 'Wrong file type',
  fileUploadFiletypeErrorInfo: ({ allowed }: { allowed: string }) => `Allowed: ${allowed}`,
  okLabel: 'OK',
  downloadLabel: 'Download',
  deleteLabel: 'Delete',
  deleteConfirmTitle: 'Are you sure?',
  deleteConfirmMessage: (name: string) => `${name} will be deleted.`,
  confirmLabel: 'Yes, delete',
  cancelLabel: 'Cancel',
  deleteFailedText: 'Could not delete',
  uploadFailedText: 'Upload failed',
  progressLabel: (name: string) => `Uploading ${name}`,
  emptyText: 'No files yet',
} satisfies Partial<FileUploaderProps>;

const stored: StoredFile = {
  id: 1,
  name: 'contract.pdf',
  url: '/files/1',
  type: 'application/pdf',
};

function fileOf(name: string, bytes: number, type = 'application/pdf'): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
}

function input(): HTMLInputElement {
  const el = document.querySelector('input[type=file]');
  if (!(el instanceof HTMLInputElement)) throw new Error('no file input');
  return el;
}

describe('FileUploader', () => {
  it('has no accessibility violations', async () => {
    render(<FileUploader {...texts} upload={vi.fn()} defaultFiles={[stored]} onDelete={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('rejects an oversize selection as a whole, listing total, maximum and names', async () => {
    const upload = vi.fn();
    const user = userEvent.setup();
    render(<FileUploader {...texts} upload={upload} maxTotalBytes={1024 * 1024} />);
    await user.upload(input(), [fileOf('a.pdf', 700 * 1024), fileOf('b.pdf', 600 * 1024)]);
    const dialog = await screen.findByRole('alertdialog', { name: /File is too large/ });
    expect(dialog).toHaveTextContent('Total 1.3 MB exceeds the maximum 1 MB.');
    expect(within(dialog).getByText('a.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('b.pdf')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(input().files).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('No files yet')).toBeInTheDocument();
  });

  it('defaults the limit to 50 MB', () => {
    expect(checkSelection([{ name: 'a.zip', size: 52_428_800 }], {})).toBeNull();
    expect(checkSelection([{ name: 'a.zip', size: 52_428_801 }], {})?.kind).toBe('size');
  });

  it('names the allowed extensions for a wrong type', async () => {
    const upload = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<FileUploader {...texts} upload={upload} accept={['pdf', '.DOCX']} />);
    await user.upload(input(), [fileOf('photo.png', 10, 'image/png')]);
    const dialog = await screen.findByRole('alertdialog', { name: /Wrong file type/ });
    expect(dialog).toHaveTextContent('Allowed: .pdf, .docx');
    expect(dialog).toHaveTextContent('photo.png');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows progress per file, then lists the stored file with a download link', async () => {
    let report: (n: number) => void = () => {};
    let finish: (f: StoredFile) => void = () => {};
    const upload = vi.fn(
      (_file: File, onProgress: (n: number) => void) =>
        new Promise<StoredFile>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<FileUploader {...texts} upload={upload} onChange={onChange} />);
    await user.upload(input(), [fileOf('report.xlsx', 2048)]);
    act(() => report(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading report.xlsx' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await act(async () => finish({ id: 9, name: 'report.xlsx', url: '/f/9', type: 'xlsx' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download: report.xlsx' })).toHaveAttribute(
      'href',
      '/f/9',
    );
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 9, name: 'report.xlsx', url: '/f/9', type: 'xlsx' },
    ]);
  });

  it('marks a failed upload', async () => {
    const user = userEvent.setup();
    render(<FileUploader {...texts} upload={() => Promise.reject(new Error('boom'))} />);
    await user.upload(input(), [fileOf('x.pdf', 10)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed');
  });

  it('deletes only after confirmation and reports the deleted file', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    render(
      <FileUploader
        {...texts}
        upload={vi.fn()}
        defaultFiles={[stored]}
        onDelete={onDelete}
        onDeleted={onDeleted}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete: contract.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Are you sure/ });
    expect(dialog).toHaveTextContent('contract.pdf will be deleted.');
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(stored));
    expect(screen.queryByRole('link', { name: /contract.pdf/ })).not.toBeInTheDocument();
  });

  it('keeps the file and shows the server text when removal fails', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ToastRegion closeLabel="Close" />
        <FileUploader
          {...texts}
          upload={vi.fn()}
          defaultFiles={[stored]}
          onDelete={() => Promise.reject(new Error('File is in use'))}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete: contract.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('File is in use')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download: contract.pdf' })).toBeInTheDocument();
  });
});
