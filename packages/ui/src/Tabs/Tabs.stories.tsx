import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Tabs } from './Tabs';
import { inNarrowBox } from '../internal/storyDecorators';

const meta = {
  title: 'Kit/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: {
    ariaLabel: 'Request sections',
    items: [
      { id: 'details', label: 'Details', content: 'Laptop does not start after the update.' },
      { id: 'files', label: 'Files', content: 'No files attached.' },
      { id: 'history', label: 'History', content: 'Created by Aysel Məmmədova.' },
      { id: 'approvals', label: 'Approvals', content: 'Not needed', isDisabled: true },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // RAC builds the collection after the first render: wait for the tabs.
    await userEvent.click(await canvas.findByRole('tab', { name: 'Details' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('No files attached.');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Created by Aysel Məmmədova.');
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Details' }));
    // Vertical tabs move with ↓, not →.
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('tab', { name: 'Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const ManualActivation: Story = {
  args: { keyboardActivation: 'manual' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // RAC builds the collection after the first render: wait for the tabs.
    await userEvent.click(await canvas.findByRole('tab', { name: 'Details' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Laptop');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('No files attached.');
  },
};

export const LongRussianText: Story = {
  args: {
    ariaLabel: 'Разделы',
    items: [
      {
        id: 'a',
        label: 'Основная информация о заявке',
        content: 'Описание проблемы пользователя.',
      },
      { id: 'b', label: 'Прикреплённые документы и изображения', content: 'Файлов нет.' },
      { id: 'c', label: 'История изменений статуса', content: 'Изменений нет.' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('tab', { name: 'Прикреплённые документы и изображения' }),
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Файлов нет.');
  },
};

/** Five views in a phone-wide box, the last one chosen: the row scrolls so it is in view. */
export const NarrowKeepsSelectedInView: Story = {
  args: {
    ariaLabel: 'Request views',
    defaultSelectedKey: 'all',
    items: [
      { id: 'mine', label: 'My requests', content: 'Mine' },
      { id: 'assigned', label: 'Assigned to me', content: 'Assigned' },
      { id: 'queue', label: "My group's queue", content: 'Queue' },
      { id: 'involved', label: 'Involving me', content: 'Involving me' },
      { id: 'all', label: 'All requests', content: 'Every request' },
    ],
  },
  decorators: [inNarrowBox(320)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('tablist', { name: 'Request views' });
    const inView = (name: string) => {
      const box = list.getBoundingClientRect();
      const tab = canvas.getByRole('tab', { name }).getBoundingClientRect();
      return tab.left >= box.left - 0.5 && tab.right <= box.right + 0.5;
    };
    await waitFor(() => expect(inView('All requests')).toBe(true));
    await expect(list.scrollLeft).toBeGreaterThan(0);
    // Back to the first by keyboard: the row scrolls back with it.
    await userEvent.click(canvas.getByRole('tab', { name: 'All requests' }));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(inView('My requests')).toBe(true));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Mine');
  },
};
