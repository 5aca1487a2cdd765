import { act, render, screen } from '@testing-library/react';
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

  it('labels the panel by the selected tab, which controls it; Tab from the tab lands on the panel', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} ariaLabel="Request" />);
    const check = (name: string) => {
      const tab = screen.getByRole('tab', { name });
      const panel = screen.getByRole('tabpanel', { name });
      expect(tab.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel.id).not.toBe('');
      return { tab, panel };
    };
    check('Details');
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    const { panel } = check('Files');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    await user.tab();
    expect(panel).toHaveFocus();
  });

  it('does not search its panel for focusable elements (no style reads) as the panel\'s content changes (issue #19)', async () => {
    const content = (
      <div data-testid="content">
        <button type="button">Open</button>
      </div>
    );
    const styleReads = vi.spyOn(window, 'getComputedStyle');
    render(<Tabs items={[{ id: 'list', label: 'List', content }]} ariaLabel="Views" />);
    // A list's rows come and go inside the panel (a virtualised grid scrolling).
    for (let i = 0; i < 3; i++) {
      const row = document.createElement('button');
      row.textContent = `row ${i}`;
      act(() => {
        screen.getByTestId('content').append(row);
      });
      await act(async () => {});
    }
    expect(styleReads).not.toHaveBeenCalled();
    styleReads.mockRestore();
  });
});
