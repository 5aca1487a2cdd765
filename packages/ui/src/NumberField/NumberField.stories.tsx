import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './NumberField';

const meta = {
  title: 'Fields/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  args: { label: 'Quantity', onChange: fn(), validationBehavior: 'aria' },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { decrementLabel: 'Decrease', incrementLabel: 'Increase', defaultValue: 1 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
  },
};

export const NotZero: Story = {
  args: { notZeroMessage: 'The value must not be zero' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Quantity' });
    await userEvent.type(input, '0');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('The value must not be zero')).toBeVisible();
  },
};

export const Money: Story = {
  args: {
    label: 'Amount',
    formatOptions: { style: 'currency', currency: 'AZN' },
    defaultValue: 1250.5,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Amount' });
    await expect((input as HTMLInputElement).value).toMatch(/1[,.\s]?250[.,]50/);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
  },
};

export const LongRussianLabel: Story = {
  args: {
    label: 'Количество единиц материала для списания со склада (не может быть нулевым)',
    description: 'Anbardan silinəcək materialın miqdarı sıfır ola bilməz',
    notZeroMessage: 'Значение не может быть равно нулю',
    defaultValue: 0,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Значение не может быть равно нулю'),
    ).toBeVisible();
  },
};
