import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusBadge } from './StatusBadge';

const meta = {
  title: 'Kit/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs'],
  args: { status: 'inProgress', children: 'In progress' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('In progress')).toHaveAttribute(
      'data-variant',
      'warning',
    );
  },
};

const all = [
  ['new', 'New'],
  ['open', 'Open'],
  ['inProgress', 'In progress'],
  ['pending', 'Pending'],
  ['done', 'Done'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['cancelled', 'Cancelled'],
  ['closed', 'Closed'],
  ['draft', 'Draft'],
] as const;

export const EveryFamily: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {all.map(([status, label]) => (
        <StatusBadge key={status} status={status}>
          {label}
        </StatusBadge>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('New')).toHaveAttribute('data-variant', 'info');
    await expect(canvas.getByText('Approved')).toHaveAttribute('data-variant', 'success');
    await expect(canvas.getByText('Cancelled')).toHaveAttribute('data-variant', 'danger');
    await expect(canvas.getByText('Draft')).toHaveAttribute('data-variant', 'neutral');
  },
};

export const UnknownStatus: Story = {
  args: { status: 'archivedByRobot', children: 'Arxivləşdirilib' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Arxivləşdirilib')).toHaveAttribute(
      'data-variant',
      'neutral',
    );
  },
};

export const LongRussianText: Story = {
  args: { status: 'pending', children: 'Ожидает согласования руководителем подразделения' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Ожидает согласования/)).toHaveAttribute(
      'data-variant',
      'warning',
    );
  },
};
