import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { CountdownCircle } from './CountdownCircle';

describe('CountdownCircle', () => {
  it('has no accessibility violations', async () => {
    render(<CountdownCircle remaining={20} total={30} text="20" label="Your session ends in 20 seconds" tone="warning" />);
    await expectNoAxeViolations();
  });

  it('is a timer named by its label, showing the remaining text', () => {
    render(<CountdownCircle remaining={20} total={30} text="20" label="Your session ends in 20 seconds" />);
    const timer = screen.getByRole('timer', { name: 'Your session ends in 20 seconds' });
    expect(timer).toHaveTextContent('20');
  });

  it('empties the ring in proportion to the time left, clamped at both ends', () => {
    const { rerender } = render(<CountdownCircle remaining={15} total={30} text="15" label="x" />);
    const bar = screen.getByTestId('countdown-bar');
    const full = Number(bar.getAttribute('stroke-dasharray'));
    expect(Number(bar.getAttribute('stroke-dashoffset'))).toBeCloseTo(full / 2);
    rerender(<CountdownCircle remaining={-5} total={30} text="0" label="x" />);
    expect(Number(bar.getAttribute('stroke-dashoffset'))).toBeCloseTo(full);
    rerender(<CountdownCircle remaining={99} total={30} text="30" label="x" />);
    expect(Number(bar.getAttribute('stroke-dashoffset'))).toBeCloseTo(0);
  });

  it('shows the unit under the number when given, the label still naming the whole time', () => {
    render(<CountdownCircle remaining={480} total={480} text="8" unit="saat" label="Sessiyanın bitməsinə 8 saat qalıb" />);
    expect(screen.getByRole('timer', { name: 'Sessiyanın bitməsinə 8 saat qalıb' })).toHaveTextContent('8saat');
    expect(screen.getByTestId('countdown-unit')).toHaveTextContent('saat');
  });
});
