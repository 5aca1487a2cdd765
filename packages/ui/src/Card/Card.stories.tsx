import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge';
import { EmptyState } from '../EmptyState';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Open requests',
    actions: <Badge variant="info">Today</Badge>,
    children: <p style={{ margin: 0, fontSize: '2rem', fontWeight: 700 }}>12</p>,
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Open requests' });
    await expect(region).toHaveTextContent('12');
    await expect(within(region).getByText('Today')).toBeVisible();
  },
};

/** Without a title: a plain surface (no region), small padding. */
export const WithoutTitle: Story = {
  args: { title: undefined, actions: undefined, padding: 'sm' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
    await expect(canvas.getByText('12')).toBeVisible();
  },
};

/** Nothing to show: the card holds an EmptyState. */
export const Empty: Story = {
  args: {
    children: <EmptyState title="No open requests" description="New requests appear here." />,
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Open requests' });
    await expect(within(region).getByText('No open requests')).toBeVisible();
  },
};

/** A long Russian title wraps beside its actions. */
export const LongRussianText: Story = {
  args: { title: 'Заявки, ожидающие подтверждения руководителем структурного подразделения' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: /^Заявки, ожидающие/ });
    await expect(within(region).getByText('Today')).toBeVisible();
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};
