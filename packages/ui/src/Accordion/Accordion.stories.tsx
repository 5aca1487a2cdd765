import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './Accordion';

const meta = {
  title: 'Kit/Accordion',
  component: Accordion,
  tags: ['autodocs'],
  args: {
    items: [
      {
        id: 'password',
        title: 'How do I reset my password?',
        content: 'Use “Forgot password” on the sign-in page.',
      },
      {
        id: 'approve',
        title: 'Who approves my requests?',
        content: 'Your group lead, then the executor.',
      },
      { id: 'archived', title: 'Archived section', content: 'Hidden', isDisabled: true },
    ],
  },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('button', { name: 'How do I reset my password?' });
    const second = canvas.getByRole('button', { name: 'Who approves my requests?' });
    await userEvent.click(first);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second);
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('button', { name: 'Archived section' })).toBeDisabled();
  },
};

export const Multiple: Story = {
  args: { allowsMultipleExpanded: true, defaultExpandedKeys: ['password'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = canvas.getByRole('button', { name: 'Who approves my requests?' });
    second.focus();
    await userEvent.keyboard('{Enter}');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(
      canvas.getByRole('button', { name: 'How do I reset my password?' }),
    ).toHaveAttribute('aria-expanded', 'true');
  },
};

/** No entries: nothing to expand, nothing in the tab order. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    defaultExpandedKeys: ['az'],
    items: [
      {
        id: 'az',
        title:
          'İnformasiya texnologiyaları şöbəsinə göndərilən müraciətlərin icra müddəti nə qədərdir?',
        content:
          'Müraciətin növündən asılı olaraq icra müddəti bir iş günündən beş iş gününədək ola bilər; təcili müraciətlər növbədən kənar baxılır.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('button', { name: /^İnformasiya texnologiyaları/ });
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(/təcili müraciətlər növbədən kənar/)).toBeVisible();
  },
};
