import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { Popover } from './Popover';

describe('Popover', () => {
  it('has no accessibility violations when open', async () => {
    render(
      <Popover trigger={<Button>Filters</Button>} title="Filters" defaultOpen>
        <p>Only open requests</p>
      </Popover>,
    );
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('opens on press and closes with Escape, returning focus', async () => {
    const user = userEvent.setup();
    render(
      <Popover trigger={<Button>Info</Button>} ariaLabel="Request info">
        <p>Created yesterday</p>
      </Popover>,
    );
    await user.click(screen.getByRole('button', { name: 'Info' }));
    expect(screen.getByRole('dialog', { name: 'Request info' })).toHaveTextContent(
      'Created yesterday',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Info' })).toHaveFocus());
  });
});
