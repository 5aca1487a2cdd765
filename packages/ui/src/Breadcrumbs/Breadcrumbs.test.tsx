import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Breadcrumbs } from './Breadcrumbs';

const items = [
  { id: 'home', label: 'Home', href: '/home/dashboard' },
  { id: 'helpdesk', label: 'Help desk', href: '/home/helpdesk/requests' },
  { id: 'req', label: 'Request #42' },
];

describe('Breadcrumbs', () => {
  it('has no accessibility violations', async () => {
    render(<Breadcrumbs items={items} ariaLabel="Breadcrumbs" />);
    await expectNoAxeViolations();
  });

  it('links the ancestors and marks the current page', async () => {
    const onAction = vi.fn();
    render(<Breadcrumbs items={items} ariaLabel="Breadcrumbs" onAction={onAction} />);
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help desk' })).toHaveAttribute(
      'href',
      '/home/helpdesk/requests',
    );
    expect(screen.getByText('Request #42')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(onAction).toHaveBeenCalledWith('home');
  });
});
