import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('has no accessibility violations', async () => {
    render(
      <div>
        <Skeleton label="Loading requests" lines={3} />
        <Skeleton shape="circle" />
      </div>,
    );
    await expectNoAxeViolations();
  });

  it('is a status with the label, or hidden without one', () => {
    const { container } = render(
      <div>
        <Skeleton label="Loading" lines={3} />
        <Skeleton shape="rect" />
      </div>,
    );
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.children).toHaveLength(3);
    expect(container.querySelector('[data-shape=rect]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('sizes a circle by its height', () => {
    const { container } = render(<Skeleton shape="circle" height="40px" />);
    const dot = container.querySelector('[data-shape=circle] > span') as HTMLElement;
    expect(dot.style.width).toBe('40px');
    expect(dot.style.height).toBe('40px');
  });
});
