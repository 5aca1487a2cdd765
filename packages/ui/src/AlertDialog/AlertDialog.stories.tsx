import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { AlertDialog, type AlertDialogProps } from './AlertDialog';

type DemoProps = Omit<AlertDialogProps, 'isOpen' | 'onOpenChange'>;

function AlertDialogDemo(props: DemoProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={props.variant === 'destructive' ? 'danger' : 'primary'}
        onPress={() => setOpen(true)}
      >
        Open
      </Button>
      <AlertDialog {...props} isOpen={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Primitives/AlertDialog',
  component: AlertDialogDemo,
  tags: ['autodocs'],
  args: {
    title: 'Attention',
    children: 'Your session will expire in 30 seconds.',
    primaryActionLabel: 'Continue',
    cancelLabel: 'Log out',
    onPrimaryAction: fn(),
    onCancel: fn(),
    variant: 'info',
  },
} satisfies Meta<typeof AlertDialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Attention/ });
    await expect(dialog).toHaveTextContent('Your session will expire in 30 seconds.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(args.onPrimaryAction).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const DestructiveOpen: Story = {
  args: {
    title: 'Delete request',
    children: 'The request and its files will be deleted.',
    primaryActionLabel: 'Delete',
    cancelLabel: 'Cancel',
    variant: 'destructive',
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Delete request/ });
    // The safe choice has focus, so Enter does not delete by accident.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await expect(args.onPrimaryAction).not.toHaveBeenCalled();
  },
};

export const Cancel: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onPrimaryAction).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};
