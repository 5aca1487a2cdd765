import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Primitives/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Email', type: 'email', autoComplete: 'email', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {
    description: 'Your work address, e.g. name@servicedesk.az',
    placeholder: 'name@servicedesk.az',
  },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'admin@servicedesk.az');
    await expect(input).toHaveValue('admin@servicedesk.az');
    await expect(args.onChange).toHaveBeenLastCalledWith('admin@servicedesk.az');
  },
};

export const Required: Story = {
  args: { isRequired: true, validationBehavior: 'aria', errorMessage: 'Email is required' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Email/ });
    await expect(input).toBeRequired();
  },
};

export const Invalid: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'Enter a valid email address',
    defaultValue: 'not-an-email',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByText('Enter a valid email address')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'admin@servicedesk.az' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

/** A long Azerbaijani label, description and error wrap inside the field's width. */
export const LongAzerbaijaniText: Story = {
  args: {
    type: 'text',
    label: 'Müraciəti qəbul edən struktur bölmənin tam adı (qısaltmalardan istifadə etməyin)',
    description: 'Bölmənin adı kadr sənədlərində göstərildiyi kimi yazılmalıdır.',
    errorMessage: 'Struktur bölmənin adı 3 simvoldan qısa ola bilməz',
    isInvalid: true,
    defaultValue: 'İT',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: /^Müraciəti qəbul edən/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Bölmənin adı kadr sənədlərində/);
    await expect(canvas.getByText(/3 simvoldan qısa/)).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
