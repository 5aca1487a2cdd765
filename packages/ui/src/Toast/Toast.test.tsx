import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ToastRegion } from './Toast';
import { toast } from './toast-queue';

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('Toast', () => {
  it('has no accessibility violations with a toast showing', async () => {
    render(<ToastRegion closeLabel="Close" regionLabel="Notifications" />);
    act(() => {
      toast.show({ title: 'Saved', description: 'Your number was updated', variant: 'success' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows title and description top right and closes by its close button', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<ToastRegion closeLabel="Close" />);
    act(() => {
      toast.show({
        title: 'Session has expired',
        description: 'Sign in again',
        variant: 'warning',
        onClose,
      });
    });
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Session has expired');
    expect(alert).toHaveTextContent('Sign in again');
    expect(alert).toHaveAttribute('data-placement', 'top-right');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Session has expired')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes by itself after 3 seconds by default', () => {
    vi.useFakeTimers();
    render(<ToastRegion closeLabel="Close" />);
    act(() => {
      toast.show({ title: 'Saved', variant: 'success' });
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom timeout, timeout 0 (stays) and the top-center placement', () => {
    vi.useFakeTimers();
    render(<ToastRegion closeLabel="Close" />);
    let sticky = '';
    act(() => {
      toast.show({ title: 'Quick', variant: 'info', timeout: 1000, placement: 'top-center' });
      sticky = toast.show({ title: 'Sticky', variant: 'error', timeout: 0 });
    });
    expect(screen.getByText('Quick').closest('[data-placement]')).toHaveAttribute(
      'data-placement',
      'top-center',
    );
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    act(() => toast.close(sticky));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });
});
