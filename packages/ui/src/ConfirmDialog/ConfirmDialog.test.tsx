import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function Demo(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      title="Are you sure?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      isOpen={open}
      onOpenChange={setOpen}
      onConfirm={() => {}}
      {...props}
    >
      «report.pdf» will be deleted.
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('has no accessibility violations', async () => {
    render(<Demo />);
    expect(screen.getByRole('alertdialog', { name: /Are you sure/ })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('focuses cancel first; confirm awaits the work, closes, then calls onConfirmed', async () => {
    const order: string[] = [];
    let finish!: () => void;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push('deleted');
            resolve();
          };
        }),
    );
    const onConfirmed = vi.fn(() => order.push('confirmed'));
    const user = userEvent.setup();
    render(<Demo onConfirm={onConfirm} onConfirmed={onConfirmed} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(order).toEqual(['deleted', 'confirmed']);
  });

  it('calls onError instead of onConfirmed when the work fails', async () => {
    const onConfirmed = vi.fn();
    const onError = vi.fn();
    const user = userEvent.setup();
    render(
      <Demo
        onConfirm={() => Promise.reject(new Error('File is in use'))}
        onConfirmed={onConfirmed}
        onError={onError}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('File is in use')));
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('cancel closes without doing the work', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Demo onConfirm={onConfirm} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
