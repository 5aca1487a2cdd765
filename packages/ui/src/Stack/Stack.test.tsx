import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Stack } from './Stack';

describe('Stack', () => {
  it('has no accessibility violations', async () => {
    render(
      <Stack as="ul" aria-label="Items">
        <li>One</li>
        <li>Two</li>
      </Stack>,
    );
    await expectNoAxeViolations();
  });

  it('renders the requested element with its children in order, laid out by flex', () => {
    render(
      <Stack as="section" direction="row" gap="lg" aria-label="Row">
        <span>A</span>
        <span>B</span>
      </Stack>,
    );
    const row = screen.getByRole('region', { name: 'Row' });
    expect(row.tagName).toBe('SECTION');
    expect(row).toHaveTextContent('AB');
    expect(getComputedStyle(row).display).toBe('flex');
    expect(getComputedStyle(row).flexDirection).toBe('row');
  });
});
