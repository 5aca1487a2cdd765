import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusBadge } from '../StatusBadge';
import { Timeline } from './Timeline';

const formatDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(d);

const meta = {
  title: 'Kit/Timeline',
  component: Timeline,
  tags: ['autodocs'],
  args: {
    label: 'History',
    formatDate,
    changedToLabel: 'changed to',
    emptyText: 'No changes yet.',
    entries: [
      {
        id: 3,
        user: { name: 'Rəşad Həsənov', img: null },
        date: '2026-11-21T14:05:00Z',
        action: 'changed the status',
        from: <StatusBadge status="inProgress">In progress</StatusBadge>,
        to: <StatusBadge status="done">Done</StatusBadge>,
        comment: 'Replaced the power supply.',
      },
      {
        id: 2,
        user: { name: 'Nigar Əliyeva', img: null },
        date: '2026-11-20T09:30:00Z',
        action: 'changed the executor',
        from: 'Orxan Quliyev',
        to: 'Rəşad Həsənov',
      },
      {
        id: 1,
        user: { name: 'Aysel Məmmədova', img: null },
        date: '2026-11-19T08:00:00Z',
        action: 'created the request',
      },
    ],
  },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const items = within(within(canvasElement).getByRole('list', { name: 'History' })).getAllByRole(
      'listitem',
    );
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Replaced the power supply.');
    await expect(within(items[0]!).getByRole('img', { name: 'changed to' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes yet.')).toBeInTheDocument();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    entries: [
      {
        id: 1,
        user: { name: 'Gülnarə Məmmədhəsənova-Əlizadə', img: null },
        date: '2026-11-21T14:05:00Z',
        action: 'müraciətin statusunu dəyişdi',
        from: <StatusBadge status="pending">Rəhbərin təsdiqini gözləyir</StatusBadge>,
        to: <StatusBadge status="rejected">Rədd edildi</StatusBadge>,
        comment:
          'Büdcə limitinə görə bu il üçün yeni noutbukların alınması mümkün deyil; müraciəti növbəti maliyyə ilinin birinci rübündə yenidən göndərin.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'History' });
    const [item] = within(list).getAllByRole('listitem');
    await expect(item).toHaveTextContent('Gülnarə Məmmədhəsənova-Əlizadə');
    await expect(item).toHaveTextContent('Rədd edildi');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};
