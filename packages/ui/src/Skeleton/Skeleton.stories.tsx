import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Kit/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  args: { lines: 3, label: 'Loading…' },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Loading…' }),
    ).toBeInTheDocument();
  },
};

export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', maxWidth: 480 }}>
      <Skeleton shape="circle" height="2.5rem" />
      <div style={{ flex: 1 }}>
        <Skeleton lines={2} />
      </div>
      <Skeleton shape="rect" width="8rem" height="5rem" />
    </div>
  ),
};

export const CardPlaceholder: Story = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <Skeleton shape="rect" height="8rem" label="Statistika yüklənir, bir az gözləyin…" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Statistika yüklənir, bir az gözləyin…' }),
    ).toBeInTheDocument();
  },
};
