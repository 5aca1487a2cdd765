import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MentionTextArea } from './MentionTextArea';

const users = [
  { id: 1, name: 'Aysel Məmmədova' },
  { id: 2, name: 'Əli Həsənov' },
  { id: 3, name: 'Elvin Quliyev' },
  { id: 4, name: 'Günel Hüseynova' },
  { id: 5, name: 'Анна Смирнова' },
];

const meta = {
  title: 'Fields/MentionTextArea',
  component: MentionTextArea,
  tags: ['autodocs'],
  args: {
    label: 'Comment',
    users,
    suggestionsLabel: 'Users',
    onChange: fn(),
    onMention: fn(),
    description: 'Type @ to mention a colleague',
  },
  decorators: [(Story) => <div style={{ maxWidth: 480, minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<typeof MentionTextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(box, 'Zəhmət olmasa @gün');
    await expect(canvas.getByRole('option', { name: 'Günel Hüseynova' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('Zəhmət olmasa @Günel Hüseynova ');
    await expect(args.onMention).toHaveBeenCalledWith({ id: 4, name: 'Günel Hüseynova' });
  },
};

/** Ends with the suggestions open, so the runner's axe scan covers the list. */
export const SuggestionsOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Comment' }), '@e');
    await userEvent.keyboard('{ArrowDown}');
    const options = canvas.getAllByRole('option');
    await expect(options[1]).toHaveAttribute('aria-selected', 'true');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Write a comment' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Write a comment')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '@Aysel Məmmədova baxın' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const LongRussianText: Story = {
  args: {
    label: 'Комментарий к заявке для исполнителя и руководителя группы',
    defaultValue:
      'Просьба проверить принтер на третьем этаже. Müraciət təcilidir, şöbə müdiri xəbərdardır. ',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox');
    await userEvent.click(box);
    await userEvent.keyboard('{End}');
    await userEvent.type(box, '@Ан');
    await expect(canvas.getByRole('option', { name: 'Анна Смирнова' })).toBeVisible();
  },
};
