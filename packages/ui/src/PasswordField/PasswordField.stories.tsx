import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Primitives/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Password', showLabel: 'Show password', hideLabel: 'Hide password' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ToggleVisibility: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'Demo1234');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Demo1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'The password is incorrect', defaultValue: 'wrong' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The password is incorrect')).toBeVisible();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Long Azerbaijani label, toggle names and error: they wrap, the eye button keeps its name. */
export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Hesabınızın təhlükəsizliyi üçün yeni, əvvəlkilərdən fərqli şifrəni daxil edin',
    showLabel: 'Şifrəni göstər',
    hideLabel: 'Şifrəni gizlət',
    isInvalid: true,
    errorMessage: 'Şifrədə ən azı bir böyük hərf, bir kiçik hərf və bir rəqəm olmalıdır',
    defaultValue: 'sifre',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Şifrəni göstər' }));
    await expect(canvas.getByRole('button', { name: 'Şifrəni gizlət' })).toBeVisible();
    await expect(canvas.getByText(/ən azı bir böyük hərf/)).toBeVisible();
  },
};
