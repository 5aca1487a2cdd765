import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Kit/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    title: 'No requests yet',
    description: 'Requests you create or are assigned to appear here.',
    icon: 'ticket',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No requests yet')).toBeVisible();
    // Empty is not an error: nothing is announced as an alert.
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

const onCreate = fn();

export const WithAction: Story = {
  args: { action: <Button onPress={onCreate}>Create request</Button> },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create request' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

export const ErrorState: Story = {
  args: {
    variant: 'error',
    icon: undefined,
    title: 'Could not load the requests',
    description: 'Check your connection and try again.',
    action: <Button variant="secondary">Retry</Button>,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Could not load the requests',
    );
  },
};

export const TitleOnly: Story = {
  args: { description: undefined, icon: 'bell', title: 'No notifications' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No notifications')).toBeVisible();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title: 'Hələ heç bir müraciət yaradılmayıb və ya sizə təyin edilməyib',
    description:
      'Yaratdığınız və ya icrası sizə həvalə edilmiş bütün müraciətlər, həmçinin şöbənizin ümumi növbəsindəki sorğular burada göstəriləcək.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Hələ heç bir müraciət/)).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
