import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Tabs } from './Tabs';

const items = [
  { id: 'details', label: 'Details', content: 'Request details' },
  { id: 'files', label: 'Files', content: 'Attached files' },
  { id: 'history', label: 'History', content: 'Change history', isDisabled: true },
];

describe('Tabs', () => {
  it('has no accessibility violations', async () => {
    render(<Tabs items={items} ariaLabel="Request" />);
    await expectNoAxeViolations();
  });

  it('switches panels by click and by arrow keys, skipping disabled tabs', async () => {
    const onSelectionChange = vi.fn();
    const user = userEvent.setup();
    render(<Tabs items={items} ariaLabel="Request" onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Request details');
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(screen.getByRole('tabpanel', { name: 'Files' })).toHaveTextContent('Attached files');
    await user.keyboard('{ArrowRight}');
    // History is disabled: focus wraps to Details.
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(onSelectionChange).toHaveBeenLastCalledWith('details');
  });
});
