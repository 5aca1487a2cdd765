import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Fields/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Comment', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'Visible to the requester', placeholder: 'Write a comment…' },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await userEvent.type(box, 'First line{Enter}Second line');
    await expect(box).toHaveValue('First line\nSecond line');
    await expect(args.onChange).toHaveBeenLastCalledWith('First line\nSecond line');
  },
};

export const MinLengthError: Story = {
  args: {
    label: 'Reason',
    validationBehavior: 'aria',
    validate: (v: string) => (v.length < 10 ? 'Write at least 10 characters' : null),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Reason' });
    await userEvent.type(box, 'short');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Write at least 10 characters')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Read only text' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Comment' })).toBeDisabled();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Müraciətin ətraflı təsviri (məcburi sahə, ən azı on simvol)',
    description: 'Подробное описание обращения будет видно исполнителю и руководителю группы',
    defaultValue:
      'Şöbəmizdə printer işləmir, kağız sıxışır və ekranda naməlum xəta göstərilir. Zəhmət olmasa, təcili yoxlayın.',
    isRequired: true,
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: /Müraciətin/ });
    await expect((box as HTMLTextAreaElement).value).toContain('printer işləmir');
  },
};
