import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { BackToTop } from './BackToTop';

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  scrollWindowTo(0);
  vi.restoreAllMocks();
});

describe('BackToTop', () => {
  it('has no accessibility violations when shown', async () => {
    render(<BackToTop label="Back to top" />);
    scrollWindowTo(400);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('appears only after scrolling past 250 px by default', () => {
    render(<BackToTop label="Back to top" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    scrollWindowTo(250);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    scrollWindowTo(251);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    scrollWindowTo(10);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('scrolls smoothly to the top when pressed', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const user = userEvent.setup();
    render(<BackToTop label="Back to top" threshold={100} />);
    scrollWindowTo(150);
    await user.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('on a page already scrolled it appears after the first frame, without reading the offset while mounting', async () => {
    let reads = 0;
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads += 1;
        return 400;
      },
    });
    render(<BackToTop label="Back to top" />);
    expect(reads).toBe(0);
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    expect(reads).toBeGreaterThan(0);
  });

  it('follows a scroll container instead of the window', () => {
    const box = document.createElement('div');
    document.body.appendChild(box);
    render(<BackToTop label="Back to top" scrollContainer={box} />);
    act(() => {
      box.scrollTop = 300;
      fireEvent.scroll(box);
    });
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    box.remove();
  });
});
