import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { ToastRegion } from './Toast';
import { toast, type ShowToastOptions } from './toast-queue';

function ToastDemo(props: ShowToastOptions) {
  return (
    <>
      <Button onPress={() => toast.show(props)}>Show toast</Button>
      <ToastRegion closeLabel="Close" regionLabel="Notifications" />
    </>
  );
}

const meta = {
  title: 'Primitives/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  args: { title: 'Your number was updated', variant: 'success' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['success', 'error', 'info', 'warning'] },
    placement: { control: 'inline-radio', options: ['top-right', 'top-center'] },
  },
  beforeEach: () => () => toast.clear(),
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CloseButton: Story = {
  args: { timeout: 0 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    const shown = await screen.findByRole('alertdialog');
    await expect(shown).toHaveTextContent('Your number was updated');
    await userEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const ClosesAfterTimeout: Story = {
  args: { title: 'Saved', variant: 'info', timeout: 600 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    await expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Move the pointer away: a hovered toast pauses its timer.
    await userEvent.unhover(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  },
};

/** Every variant at once, left open so axe checks their colours in both themes. */
export const AllVariants: Story = {
  args: { timeout: 0 },
  play: async () => {
    toast.show({
      title: 'Saved',
      description: 'Your number was updated',
      variant: 'success',
      timeout: 0,
    });
    toast.show({
      title: 'Wrong password',
      description: 'Check it and try again',
      variant: 'error',
      timeout: 0,
    });
    toast.show({
      title: 'Attention',
      description: 'Your session will expire soon',
      variant: 'warning',
      timeout: 0,
    });
    toast.show({ title: 'New message', variant: 'info', timeout: 0, placement: 'top-center' });
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(4));
  },
};
