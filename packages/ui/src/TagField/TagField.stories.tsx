import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TagField } from './TagField';

const meta = {
  title: 'Fields/TagField',
  component: TagField,
  tags: ['autodocs'],
  args: {
    label: 'Tags',
    inputLabel: 'Add a tag',
    removeLabel: (tag: string) => `Remove ${tag}`,
    placeholder: 'Type and press Enter',
    onChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TagField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a tag' });
    await userEvent.type(input, 'printer{Enter}urgent,');
    await expect(args.onChange).toHaveBeenLastCalledWith(['printer', 'urgent']);
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

export const WithTags: Story = {
  args: { defaultValue: ['printer', 'network', 'urgent'] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Remove network/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['printer', 'urgent']);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Add a tag' }));
    await userEvent.keyboard('{Backspace}');
    await expect(args.onChange).toHaveBeenLastCalledWith(['printer']);
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Add at least one tag' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Add at least one tag')).toBeVisible();
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: ['printer'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox')).toBeDisabled();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Sənədin açar sözləri (axtarış üçün istifadə olunur)',
    defaultValue: [
      'İnformasiya texnologiyaları departamenti',
      'Материально-техническое обеспечение',
      'müqavilə',
    ],
    description: 'Ключевые слова документа используются при поиске',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('row')).toHaveLength(3);
  },
};
