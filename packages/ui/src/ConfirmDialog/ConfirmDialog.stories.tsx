import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { toast } from '../Toast';
import { ToastRegion } from '../Toast/Toast';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** The SPEC §8 file-deletion flow: confirm → delete → "element deleted" toast with the file name. */
function DeleteFile(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(props.isOpen);
  return (
    <>
      <ToastRegion closeLabel="Close" />
      <Button variant="danger" onPress={() => setOpen(true)}>
        Delete report.pdf
      </Button>
      <ConfirmDialog
        {...props}
        isOpen={open}
        onOpenChange={(o) => {
          setOpen(o);
          props.onOpenChange(o);
        }}
        onConfirmed={() => {
          props.onConfirmed?.();
          toast.show({ variant: 'success', title: '«report.pdf» was deleted' });
        }}
      />
    </>
  );
}

const meta = {
  title: 'Dialogs/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    title: 'Are you sure?',
    children: '«report.pdf» will be deleted.',
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    isOpen: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    onConfirmed: fn(),
    onCancel: fn(),
    onError: fn(),
  },
  render: (args) => <DeleteFile {...args} />,
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: /Are you sure/ });
    await expect(dialog).toHaveTextContent('«report.pdf» will be deleted.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onConfirmed).toHaveBeenCalled());
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    // The toast fades in: wait until it is fully shown, not merely in the DOM.
    await waitFor(() => expect(screen.getByText('«report.pdf» was deleted')).toBeVisible());
    toast.clear();
  },
};

export const Cancelled: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Failure: Story = {
  args: { onConfirm: fn(() => Promise.reject(new Error('The file is in use'))) },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onError).toHaveBeenCalled());
    await expect(args.onConfirmed).not.toHaveBeenCalled();
  },
};

/** Ends open, for the runner's axe scan. */
export const Info: Story = {
  args: {
    variant: 'info',
    title: 'Activate the element?',
    children: 'It will be offered again.',
    confirmLabel: 'Activate',
  },
  play: async () => {
    await expect(
      await screen.findByRole('alertdialog', { name: /Activate the element/ }),
    ).toBeVisible();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title: 'Əminsiniz?',
    children:
      '«İnformasiya texnologiyaları departamentinin 2026-cı il üzrə illik hesabatı.xlsx» faylı silinəcək. Файл будет удалён без возможности восстановления.',
    confirmLabel: 'Sil',
    cancelLabel: 'Ləğv et',
  },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: /Əminsiniz/ })).toHaveTextContent(
      /silinəcək/,
    );
  },
};
