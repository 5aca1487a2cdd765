import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { DatePicker } from './DatePicker';

const base = { label: 'Due date', openCalendarLabel: 'Open calendar' };

describe('DatePicker', () => {
  it('has no accessibility violations, closed and open', async () => {
    const user = userEvent.setup();
    render(<DatePicker {...base} defaultValue="2026-11-22" />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    await expectNoAxeViolations();
  });

  it('starts the week on Monday when asked and emits the picked ISO date', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en-US">
        <DatePicker {...base} defaultValue="2026-11-02" firstDayOfWeek="mon" onChange={onChange} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    const grid = screen.getByRole('grid');
    const headers = Array.from(grid.querySelectorAll('th'));
    expect(headers[0]).toHaveTextContent('M');
    expect(headers[6]).toHaveTextContent('S');
    await user.click(within(grid).getByText('20'));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20');
  });

  it('starts the week on Sunday in en-US by default', async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en-US">
        <DatePicker {...base} defaultValue="2026-11-02" />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    const headers = Array.from(screen.getByRole('grid').querySelectorAll('th'));
    expect(headers[0]).toHaveTextContent('S');
    expect(headers[1]).toHaveTextContent('M');
  });

  it('shows the error message when invalid', () => {
    render(<DatePicker {...base} isInvalid errorMessage="Pick a date" />);
    expect(screen.getByText('Pick a date')).toBeInTheDocument();
  });
});
