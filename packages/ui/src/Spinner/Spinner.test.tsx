import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Spinner } from './Spinner';

afterEach(() => {
  vi.useRealTimers();
});

describe('Spinner', () => {
  it('has no accessibility violations once shown', async () => {
    render(<Spinner label="Signing in…" delay={0} showLabel />);
    expect(screen.getByRole('progressbar', { name: 'Signing in…' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('renders nothing before the 1 s default delay and the labelled spinner after', () => {
    vi.useFakeTimers();
    const { container } = render(<Spinner label="Signing in…" showLabel />);
    act(() => vi.advanceTimersByTime(999));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Signing in…' })).toBeInTheDocument();
    expect(screen.getByText('Signing in…')).toBeInTheDocument();
  });

  it('never appears when unmounted before the delay', () => {
    vi.useFakeTimers();
    const { unmount } = render(<Spinner label="Loading" delay={500} />);
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
