import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from '../PasswordField';
import { ConfirmField, type ConfirmFieldProps } from './ConfirmField';

/** The new-password pair: ConfirmField validated against its sibling's live value. */
function PasswordPair(props: Omit<ConfirmFieldProps, 'matchValue'>) {
  const [password, setPassword] = useState('');
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 360 }}>
      <PasswordField
        label="New password"
        showLabel="Show password"
        hideLabel="Hide password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <ConfirmField {...props} matchValue={password} />
    </div>
  );
}

const meta = {
  title: 'Fields/ConfirmField',
  component: ConfirmField,
  tags: ['autodocs'],
  args: {
    label: 'Repeat password',
    matchValue: '',
    notMatchingMessage: 'Passwords do not match',
    isPassword: true,
    showLabel: 'Show repeated password',
    hideLabel: 'Hide repeated password',
    validationBehavior: 'aria',
  },
  render: ({ matchValue: _ignored, ...args }) => <PasswordPair {...args} />,
} satisfies Meta<typeof ConfirmField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'Demo1234');
    const confirm = canvas.getByLabelText('Repeat password');
    await userEvent.type(confirm, 'Demo1234');
    await expect(confirm).not.toHaveAttribute('aria-invalid');
  },
};

export const NotMatching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'Demo1234');
    const confirm = canvas.getByLabelText('Repeat password');
    await userEvent.type(confirm, 'Demo12');
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
  },
};

export const PlainText: Story = {
  args: { isPassword: false, label: 'Repeat the value', notMatchingMessage: 'Values differ' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Repeat the value' }), 'x');
    await expect(canvas.getByText('Values differ')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Repeat password')).toBeDisabled();
  },
};

export const LongRussianText: Story = {
  args: {
    label: 'Повторите новый пароль для подтверждения изменения учётной записи',
    notMatchingMessage: 'Yeni şifrə ilə təkrar daxil edilən şifrə eyni deyil, yenidən yoxlayın',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Повторите/), 'a');
    await expect(canvas.getByText(/eyni deyil/)).toBeVisible();
  },
};
