import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Badge, formatCount } from './Badge';

describe('Badge', () => {
  it('has no accessibility violations', async () => {
    render(
      <p>
        <Badge>Draft</Badge> <Badge variant="success">Resolved</Badge>{' '}
        <Badge variant="danger" aria-label="12 unread">
          12
        </Badge>
      </p>,
    );
    await expectNoAxeViolations();
  });

  it('shows its text with the variant', () => {
    render(<Badge variant="warning">Pending</Badge>);
    expect(screen.getByText('Pending')).toHaveAttribute('data-variant', 'warning');
  });

  it('caps counts at 99+', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(12, 9)).toBe('9+');
  });
});
