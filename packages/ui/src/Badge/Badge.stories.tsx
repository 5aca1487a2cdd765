import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge, formatCount } from './Badge';

const meta = {
  title: 'Primitives/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Resolved', variant: 'success' },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['neutral', 'info', 'success', 'warning', 'danger'],
    },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge>Draft</Badge>
      <Badge variant="info">In progress</Badge>
      <Badge variant="success">Resolved</Badge>
      <Badge variant="warning">Waiting</Badge>
      <Badge variant="danger">Rejected</Badge>
    </div>
  ),
};

export const UnreadCount: Story = {
  render: () => (
    <Badge variant="danger" aria-label="150 unread notifications">
      {formatCount(150)}
    </Badge>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('99+')).toHaveAttribute(
      'aria-label',
      '150 unread notifications',
    );
  },
};
