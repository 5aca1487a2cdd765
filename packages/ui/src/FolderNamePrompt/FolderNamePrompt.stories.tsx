import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { FolderNamePrompt } from './FolderNamePrompt';

const meta = {
  title: 'Dialogs/FolderNamePrompt',
  component: FolderNamePrompt,
  tags: ['autodocs'],
  args: {
    title: 'New folder',
    label: 'Folder name',
    submitLabel: 'Create',
    cancelLabel: 'Cancel',
    messages: {
      required: 'Enter a folder name',
      maxLength: 'At most 100 characters',
      invalidCharacters: 'These characters are not allowed: < > : " / \\ | ? *',
      reservedName: 'This name is reserved by the system',
    },
    isOpen: true,
    onOpenChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof FolderNamePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Folder name/ }),
      'Müqavilələr{Enter}',
    );
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Müqavilələr'));
  },
};

export const ReservedName: Story = {
  play: async ({ args }) => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Folder name/ }), 'Com1');
    await expect(screen.getByText('This name is reserved by the system')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Ends open with the error, for the runner's axe scan. */
export const InvalidCharacters: Story = {
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Folder name/ }), 'a/b');
    await expect(screen.getByText(/These characters are not allowed/)).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await expect(screen.getByText('Enter a folder name')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooLong: Story = {
  args: { defaultValue: 'Ş'.repeat(100) },
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Folder name/ }), 'x');
    await expect(screen.getByText('At most 100 characters')).toBeVisible();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title: 'Sənəd dövriyyəsi üçün yeni qovluğun adını daxil edin',
    label: 'Название новой папки документооборота',
    defaultValue: 'İnformasiya texnologiyaları departamentinin 2026-cı il hesabatları',
  },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: /Sənəd dövriyyəsi/ })).toBeVisible();
  },
};
