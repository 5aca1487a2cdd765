import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { NotFound } from './NotFound';

const texts = { title: 'Page not found', message: 'The page does not exist.', linkLabel: 'Return to dashboard' };

describe('NotFound', () => {
  it('has no accessibility violations', async () => {
    render(<NotFound {...texts} />);
    await expectNoAxeViolations();
  });

  it('shows the big 404, the message and a link back to the dashboard', () => {
    render(<NotFound {...texts} />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/home/dashboard');
  });
});
