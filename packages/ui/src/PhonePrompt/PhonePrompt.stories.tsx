import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { PhonePrompt } from './PhonePrompt';

const meta = {
  title: 'Chat/PhonePrompt',
  component: PhonePrompt,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSave: fn(),
    labels: {
      title: 'Enter your number to get WhatsApp notifications',
      phone: 'Mobile number',
      invalid: 'The number must have 9 digits',
      save: 'Save',
      close: 'Close',
    },
  },
} satisfies Meta<typeof PhonePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A complete number saves on Enter as 994 + 9 digits. */
export const SavesOnEnter: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.type(input, '551234567');
    await expect(input).toHaveValue('(55) 1234567');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('994551234567');
  },
};

/** An incomplete number shows the field invalid and saves nothing. */
export const Invalid: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mobile number' }), '5512');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(dialog.getByText('The number must have 9 digits')).toBeInTheDocument();
  },
};

/** The Azerbaijani texts of the app (long title wraps in the dialog). */
export const LongAzerbaijaniText: Story = {
  args: {
    labels: {
      title: 'WhatsApp vasitəsilə bildiriş almaq üçün mobil nömrənizi daxil edin',
      phone: 'Mobil nömrə',
      invalid: 'Nömrə 9 rəqəmdən ibarət olmalıdır',
      save: 'Yadda saxla',
      close: 'Bağla',
    },
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(
      dialog.getByRole('heading', { name: /^WhatsApp vasitəsilə bildiriş/ }),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Yadda saxla' }));
    await expect(dialog.getByText('Nömrə 9 rəqəmdən ibarət olmalıdır')).toBeInTheDocument();
  },
};
