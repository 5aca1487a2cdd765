import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('has no accessibility violations when open', async () => {
    render(
      <Tooltip content="Export to Excel" defaultOpen>
        <Button aria-label="Export">⇩</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('Export to Excel');
    await expectNoAxeViolations();
  });

  it('shows on keyboard focus, describes the trigger, hides with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Export to Excel">
        <Button aria-label="Export">⇩</Button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    const tip = await screen.findByRole('tooltip');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute(
      'aria-describedby',
      tip.id,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
