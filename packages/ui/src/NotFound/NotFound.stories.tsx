import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFound } from './NotFound';

const meta = {
  title: 'Shell/NotFound',
  component: NotFound,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Page not found',
    message: 'The page you are looking for does not exist or has been moved.',
    linkLabel: 'Return to dashboard',
    href: '#/home/dashboard',
  },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('404')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '#/home/dashboard');
  },
};
