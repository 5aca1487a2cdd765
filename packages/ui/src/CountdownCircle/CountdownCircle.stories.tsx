import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CountdownCircle } from './CountdownCircle';

const meta = {
  title: 'Shell/CountdownCircle',
  component: CountdownCircle,
  tags: ['autodocs'],
  args: { remaining: 420, total: 480, text: '420', label: '420 minutes left in your session' },
  argTypes: { tone: { control: 'inline-radio', options: ['neutral', 'warning', 'danger'] } },
} satisfies Meta<typeof CountdownCircle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No countdown running: the ring shows the session's minutes left. */
export const SessionRunning: Story = {
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole('timer', { name: '420 minutes left in your session' });
    await expect(timer).toHaveTextContent('420');
  },
};

/** The 30 s logout countdown after the warning was confirmed. */
export const LogoutCountdown: Story = {
  args: { remaining: 12, total: 30, text: '12', label: 'Your session ends in 12 seconds', tone: 'danger' },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole('timer', { name: 'Your session ends in 12 seconds' });
    await expect(timer).toHaveAttribute('data-tone', 'danger');
  },
};
