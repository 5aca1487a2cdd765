import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './Select';

const meta = {
  title: 'Primitives/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Department',
    placeholder: 'Choose a department',
    items: [
      { id: 'it', label: 'IT' },
      { id: 'finance', label: 'Finance' },
      { id: 'legal', label: 'Legal' },
      { id: 'warehouse', label: 'Warehouse', isDisabled: true },
    ],
    onSelectionChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320, minHeight: 260 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseOption: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /Department/ });
    await expect(button).toHaveTextContent('Choose a department');
    await userEvent.click(button);
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Finance' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith('finance');
    await waitFor(() => expect(button).toHaveTextContent('Finance'));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

/** Ends open, so the axe scan covers the listbox in both themes. */
export const Open: Story = {
  args: { defaultSelectedKey: 'it' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Department/ }));
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: 'IT' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(listbox).getByRole('option', { name: 'Warehouse' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'A department is required' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('A department is required')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultSelectedKey: 'legal' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Department/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent('Legal');
  },
};

/** Long Russian label and options wrap in the button and the list. */
export const LongRussianText: Story = {
  args: {
    label: 'Подразделение, ответственное за рассмотрение заявки',
    placeholder: 'Выберите подразделение из списка',
    items: [
      { id: 'it', label: 'Департамент информационных технологий и цифровой трансформации' },
      { id: 'finance', label: 'Финансово-экономический департамент и бухгалтерия' },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Выберите подразделение/ }));
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: /^Финансово/ }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith('finance');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};
