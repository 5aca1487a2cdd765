import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { StoredFile } from '../FileList';
import { ToastRegion } from '../Toast/Toast';
import { FileUploader } from './FileUploader';

const stored: StoredFile[] = [
  { id: 1, name: 'contract-2026.pdf', url: '#contract', type: 'application/pdf', size: 482_133 },
  { id: 2, name: 'invoice.xlsx', url: '#invoice', type: 'xlsx', size: 20_480 },
];

function fileOf(name: string, bytes: number, type = 'application/pdf'): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
}

function fileInput(canvasElement: HTMLElement): HTMLInputElement {
  const el = canvasElement.querySelector('input[type=file]');
  if (!(el instanceof HTMLInputElement)) throw new Error('no file input');
  return el;
}

/** Pretends to upload: reports progress in steps, then answers like the server. */
function fakeUpload(file: File, onProgress: (n: number) => void): Promise<StoredFile> {
  return new Promise((resolve) => {
    let done = 0;
    const timer = setInterval(() => {
      done += 0.25;
      onProgress(done);
      if (done >= 1) {
        clearInterval(timer);
        resolve({
          id: `${file.name}-${Date.now()}`,
          name: file.name,
          url: '#',
          type: file.type,
          size: file.size,
        });
      }
    }, 150);
  });
}

const meta = {
  title: 'Files/FileUploader',
  component: FileUploader,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <ToastRegion closeLabel="Close" />
        <Story />
      </div>
    ),
  ],
  args: {
    label: 'Attachments',
    dropLabel: 'Drag files here or',
    browseLabel: 'Choose files',
    upload: fakeUpload,
    onDelete: fn(() => Promise.resolve()),
    onDeleted: fn(),
    onChange: fn(),
    fileSizeErrorHeader: 'The files are too large',
    fileSizeErrorInfo: ({ total, max }) => `Total size ${total} is over the maximum of ${max}:`,
    fileUploadFiletypeErrorHeader: 'This file type is not allowed',
    fileUploadFiletypeErrorInfo: ({ allowed }) => `Allowed types: ${allowed}`,
    okLabel: 'OK',
    downloadLabel: 'Download',
    deleteLabel: 'Delete',
    deleteConfirmTitle: 'Are you sure?',
    deleteConfirmMessage: (name) => `${name} will be deleted.`,
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    deleteFailedText: 'The file could not be deleted',
    uploadFailedText: 'Upload failed',
    progressLabel: (name) => `Uploading ${name}`,
    emptyText: 'No files attached yet.',
    defaultFiles: stored,
  },
} satisfies Meta<typeof FileUploader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(fileInput(canvasElement), fileOf('scan.pdf', 4096));
    await expect(
      await canvas.findByRole('progressbar', { name: 'Uploading scan.pdf' }),
    ).toBeInTheDocument();
    await expect(
      await canvas.findByRole('link', { name: 'Download: scan.pdf' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { defaultFiles: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No files attached yet.')).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Choose files' }),
    ).toBeDisabled();
  },
};

export const OversizeSelection: Story = {
  args: { defaultFiles: [], maxTotalBytes: 1024 * 1024 },
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), [
      fileOf('plan.pdf', 700 * 1024),
      fileOf('budget.pdf', 600 * 1024),
    ]);
    const dialog = await screen.findByRole('alertdialog', { name: /too large/ });
    await expect(dialog).toHaveTextContent('Total size 1.3 MB is over the maximum of 1 MB');
    await expect(within(dialog).getByText('plan.pdf')).toBeInTheDocument();
    await expect(within(dialog).getByText('budget.pdf')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The selection was cleared: nothing is uploading or listed.
    await expect(within(canvasElement).queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(within(canvasElement).getByText('No files attached yet.')).toBeInTheDocument();
  },
};

export const WrongTypeOpen: Story = {
  args: { defaultFiles: [], accept: ['.pdf', '.docx'] },
  play: async ({ canvasElement }) => {
    // A drop bypasses the picker's filter; the same check runs for both.
    await userEvent.upload(fileInput(canvasElement), fileOf('photo.png', 100, 'image/png'), {
      applyAccept: false,
    });
    const dialog = await screen.findByRole('alertdialog', { name: /not allowed/ });
    await expect(dialog).toHaveTextContent('Allowed types: .pdf, .docx');
    await expect(dialog).toHaveTextContent('photo.png');
  },
};

export const DeleteAsksForConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Delete: invoice.xlsx' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: /Are you sure/ });
    await expect(dialog).toHaveTextContent('invoice.xlsx will be deleted.');
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledWith(stored[1]));
    await expect(
      within(canvasElement).queryByRole('link', { name: 'Download: invoice.xlsx' }),
    ).not.toBeInTheDocument();
  },
};

export const DeleteFails: Story = {
  args: {
    onDelete: fn(() => Promise.reject(new Error('The file is attached to a signed contract'))),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Delete: contract-2026.pdf' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await expect(
      await screen.findByText('The file is attached to a signed contract'),
    ).toBeInTheDocument();
    await expect(
      within(canvasElement).getByRole('link', { name: 'Download: contract-2026.pdf' }),
    ).toBeInTheDocument();
  },
};

export const UploadFails: Story = {
  args: { defaultFiles: [], upload: () => Promise.reject(new Error('network')) },
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), fileOf('scan.pdf', 10));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Upload failed',
    );
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Əlavə edilmiş sənədlər',
    dropLabel:
      'Faylları bura sürüşdürün və ya kompüterinizdən seçin (ümumi həcm 50 MB-dan çox olmamalıdır)',
    browseLabel: 'Faylları seçin',
    downloadLabel: 'Yüklə',
    deleteLabel: 'Sil',
    defaultFiles: [
      {
        id: 7,
        name: 'Müqavilə_əlavəsi_İnformasiya_texnologiyaları_şöbəsi_üçün_avadanlıqların_alınması_2026.docx',
        url: '#',
        type: 'docx',
        size: 1_254_000,
      },
      {
        id: 8,
        name: 'Счёт-фактура_на_оплату_услуг_связи_за_ноябрь.pdf',
        url: '#',
        type: 'pdf',
        size: 88_000,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Faylları seçin' }),
    ).toBeInTheDocument();
  },
};
