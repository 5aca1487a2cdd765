import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog, type DialogProps } from './Dialog';

function DialogDemo(props: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        title="Your WhatsApp number"
        closeLabel="Close"
        {...props}
        isOpen={open}
        onOpenChange={setOpen}
        footer={
          <>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onPress={() => setOpen(false)}>Save</Button>
          </>
        }
      >
        <TextField label="Phone" placeholder="(00) 0000000" />
      </Dialog>
    </>
  );
}

const meta = {
  title: 'Primitives/Dialog',
  component: DialogDemo,
  tags: ['autodocs'],
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open dialog' }));
    // The dialog renders in a portal outside the story root.
    const dialog = await screen.findByRole('dialog', { name: 'Your WhatsApp number' });
    // Wait out the 150 ms entering animation (opacity starts at 0).
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Ends open, so the test-runner's axe scan covers the dialog itself in both themes. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your WhatsApp number' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeVisible());
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open dialog' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the button that opened it.
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Open dialog' })).toHaveFocus(),
    );
  },
};
