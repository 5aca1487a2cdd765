import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { PhoneField } from './PhoneField';

const meta = {
  title: 'Fields/PhoneField',
  component: PhoneField,
  tags: ['autodocs'],
  args: {
    label: 'WhatsApp number',
    errorMessage: 'Enter the 9 digits of the number',
    onChange: fn(),
    onEnter: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'WhatsApp number' });
    await userEvent.type(input, '501234567');
    await expect(input).toHaveValue('(50) 1234567');
    await expect(args.onChange).toHaveBeenLastCalledWith('994501234567');
  },
};

export const Incomplete: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'WhatsApp number' });
    await userEvent.type(input, '5012{Enter}');
    await expect(input).toHaveValue('(50) 12');
    await expect(args.onEnter).toHaveBeenLastCalledWith(null);
    await expect(canvas.getByText('Enter the 9 digits of the number')).toBeVisible();
  },
};

export const EnterSubmitsForm: Story = {
  render: (args) => {
    const onSubmit = fn();
    return (
      <form
        aria-label="Phone form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
          e.currentTarget.dataset.submitted = 'yes';
        }}
      >
        <PhoneField {...args} />
        <Button type="submit">Save</Button>
      </form>
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '551112233{Enter}');
    await expect(args.onEnter).toHaveBeenLastCalledWith('994551112233');
    await expect(canvas.getByRole('form', { name: 'Phone form' })).toHaveAttribute(
      'data-submitted',
      'yes',
    );
  },
};

export const Prefilled: Story = {
  args: { defaultValue: '994701112233' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveValue('(70) 1112233');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '994501234567' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Bildirişləri WhatsApp vasitəsilə almaq üçün mobil nömrənizi daxil edin',
    description: 'Введите номер мобильного телефона, чтобы получать уведомления в WhatsApp',
    isInvalid: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};
