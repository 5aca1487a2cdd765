import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Prompt } from './Prompt';

const base = {
  title: 'Reason for rejection',
  label: 'Reason',
  submitLabel: 'Send',
  cancelLabel: 'Cancel',
  minLengthMessage: 'Write at least 10 characters',
  isOpen: true,
};

describe('Prompt', () => {
  it('has no accessibility violations, also with the error shown', async () => {
    const user = userEvent.setup();
    render(<Prompt {...base} onOpenChange={() => {}} onSubmit={() => {}} />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expectNoAxeViolations();
  });

  it('refuses fewer than 10 characters (after trimming) and sends a longer text', async () => {
    const onSubmit = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Prompt {...base} onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: /Reason/ });
    expect(box).toHaveFocus();
    await user.type(box, '   short    ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Write at least 10 characters');
    await user.clear(box);
    await user.type(box, ' long enough reason ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith('long enough reason');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('takes a custom minimum and stays open when the action fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('500'));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Prompt {...base} minLength={3} onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('abc'));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes on cancel without sending', async () => {
    const onSubmit = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Prompt {...base} onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
