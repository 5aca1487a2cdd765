import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge';
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
