import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AlertDialog, type AlertDialogProps } from './AlertDialog';

function Demo(props: Partial<AlertDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <AlertDialog
      title="Attention"
      primaryActionLabel="Delete"
      cancelLabel="Cancel"
      onPrimaryAction={() => {}}
      variant="destructive"
      {...props}
      isOpen={open}
      onOpenChange={(next) => {
        props.onOpenChange?.(next);
        setOpen(next);
      }}
    >
      Delete this request?
    </AlertDialog>
  );
}

describe('AlertDialog', () => {
  it('has no accessibility violations', async () => {
    render(<Demo />);
    expect(screen.getByRole('alertdialog', { name: /Attention/ })).toHaveTextContent(
      'Delete this request?',
    );
    await expectNoAxeViolations();
  });

  it('calls onPrimaryAction (not onCancel) and closes when the primary action is pressed', async () => {
    const onPrimaryAction = vi.fn();
    const onOpenChange = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(
      <Demo onPrimaryAction={onPrimaryAction} onOpenChange={onOpenChange} onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onPrimaryAction).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancels without the primary action, by the button or by Escape', async () => {
    const onPrimaryAction = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(<Demo onPrimaryAction={onPrimaryAction} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    unmount();
    render(<Demo onPrimaryAction={onPrimaryAction} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onPrimaryAction).not.toHaveBeenCalled();
  });

  it('focuses cancel first for destructive actions and the action for info ones', () => {
    const { unmount } = render(<Demo />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    unmount();
    render(<Demo variant="info" primaryActionLabel="Continue" />);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('cannot be dismissed with Escape when there is no cancel button', async () => {
    const user = userEvent.setup();
    render(<Demo cancelLabel={undefined} variant="info" primaryActionLabel="OK" />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
