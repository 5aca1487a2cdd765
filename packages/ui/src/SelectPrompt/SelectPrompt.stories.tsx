import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SelectPrompt } from './SelectPrompt';

const meta = {
  title: 'Dialogs/SelectPrompt',
  component: SelectPrompt,
  tags: ['autodocs'],
  args: {
    title: 'Forward the request',
    label: 'Group',
    submitLabel: 'Forward',
    cancelLabel: 'Cancel',
    requiredMessage: 'Choose a group',
    isOpen: true,
    onOpenChange: fn(),
    onSubmit: fn(),
    defaultSelectedKey: '0',
    items: [
      { id: '0', label: 'Choose…' },
      { id: '7', label: 'IT support' },
      { id: '9', label: 'Warehouse' },
    ],
  },
} satisfies Meta<typeof SelectPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: /Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'IT support' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('7'));
  },
};

/** The value 0 is refused; ends open with the error for the axe scan. */
export const ZeroRejected: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Forward' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(screen.getByText('Choose a group')).toBeVisible();
  },
};

export const LongRussianText: Story = {
  args: {
    title: 'Перенаправить заявку в другую группу исполнителей',
    label: 'Группа исполнителей',
    items: [
      { id: '0', label: 'Seçin…' },
      { id: '1', label: 'Информационные технологии и цифровая трансформация' },
    ],
    defaultSelectedKey: '1',
  },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('1'));
  },
};
