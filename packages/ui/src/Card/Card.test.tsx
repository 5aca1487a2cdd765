import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Card } from './Card';

describe('Card', () => {
  it('has no accessibility violations', async () => {
    render(
      <Card title="Open requests" actions={<a href="/home/helpdesk/requests">All</a>}>
        <p>12</p>
      </Card>,
    );
    await expectNoAxeViolations();
  });

  it('is a region named by its title, at the requested heading level', () => {
    render(
      <Card title="Profile" headingLevel={3}>
        <p>Aysel</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Profile' });
    expect(region).toHaveTextContent('Aysel');
    expect(screen.getByRole('heading', { level: 3, name: 'Profile' })).toBeInTheDocument();
  });
});
