import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ExactLengthField } from './ExactLengthField';

const meta = {
  title: 'Fields/ExactLengthField',
  component: ExactLengthField,
  tags: ['autodocs'],
  args: {
    label: 'Tax id (VÖEN)',
    exactLength: 10,
    exactLengthMessage: 'Must be exactly 10 characters',
    validationBehavior: 'aria',
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof ExactLengthField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Tax id (VÖEN)' });
    await userEvent.type(input, '123456789012');
    await expect(input).toHaveValue('1234567890');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const TooShort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Tax id (VÖEN)' });
    await userEvent.type(input, '12345');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Must be exactly 10 characters')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '1234567890' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Vergi ödəyicisinin eyniləşdirmə nömrəsi (VÖEN, düz on rəqəm)',
    exactLengthMessage: 'ИНН должен содержать ровно десять символов, не больше и не меньше',
    defaultValue: '12',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/ровно десять/)).toBeVisible();
  },
};
