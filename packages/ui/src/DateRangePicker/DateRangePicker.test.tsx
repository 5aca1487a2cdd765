import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { DateRangePicker } from './DateRangePicker';

const base = { label: 'Period', openCalendarLabel: 'Open calendar' };

describe('DateRangePicker', () => {
  it('has no accessibility violations', async () => {
    render(<DateRangePicker {...base} defaultValue={{ start: '2026-11-01', end: '2026-11-10' }} />);
    await expectNoAxeViolations();
  });

  it('picks a range in the calendar and emits ISO dates', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en-US">
        <DateRangePicker
          {...base}
          defaultValue={{ start: '2026-11-01', end: '2026-11-02' }}
          firstDayOfWeek="mon"
          onChange={onChange}
        />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    const grid = screen.getByRole('grid');
    expect(Array.from(grid.querySelectorAll('th'))[0]).toHaveTextContent('M');
    await user.click(within(grid).getByText('10'));
    await user.click(within(grid).getByText('14'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-11-10', end: '2026-11-14' });
  });

  it('shows the error message when invalid', () => {
    render(<DateRangePicker {...base} isInvalid errorMessage="Choose a period" />);
    expect(screen.getByText('Choose a period')).toBeInTheDocument();
  });
});
