import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { Dialog } from './Dialog';

function Demo({
  onOpenChange = () => {},
  isDismissable,
}: {
  onOpenChange?: (open: boolean) => void;
  isDismissable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open</Button>
      <Dialog
        title="Edit phone"
        isOpen={open}
        isDismissable={isDismissable}
        closeLabel="Close"
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        footer={<Button onPress={() => setOpen(false)}>Save</Button>}
      >
        <p>Body text</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('has no accessibility violations when open', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit phone' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('opens with its title, body and footer and closes with the close button, returning focus', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Demo onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Edit phone' });
    expect(dialog).toHaveTextContent('Body text');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on Escape when dismissable, and not when it is not', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Demo isDismissable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
