import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ScheduleGrid, type ScheduleGridPosition } from './ScheduleGrid';
import { sampleCells, sampleCoverage, sampleDays, samplePeople } from './fixtures';

function setup(overrides: Partial<Parameters<typeof ScheduleGrid>[0]> = {}) {
  const days = sampleDays();
  const people = samplePeople();
  const cells = sampleCells(people, days);
  const onSelectionChange = vi.fn<(cells: ScheduleGridPosition[]) => void>();
  const onActivate = vi.fn<(cells: ScheduleGridPosition[]) => void>();
  const onClear = vi.fn<(cells: ScheduleGridPosition[]) => void>();
  const view = render(
    <ScheduleGrid
      label="IT support, February 2027"
      peopleHeader="Employee"
      days={days}
      people={people}
      cells={cells}
      coverage={{ values: sampleCoverage(people, days, cells), min: 4, label: 'Present', underLabel: (v, m) => `${v} of at least ${m}` }}
      onSelectionChange={onSelectionChange}
      onActivate={onActivate}
      onClear={onClear}
      {...overrides}
    />,
  );
  const last = () => onSelectionChange.mock.calls.at(-1)?.[0] ?? [];
  return { ...view, onActivate, onClear, last };
}
const cell = (name: RegExp) => screen.getByRole('gridcell', { name });

describe('ScheduleGrid', () => {
  it('is a named grid with one tab stop, people and days as headers, and no accessibility violations', async () => {
    const { container } = setup();
    const grid = screen.getByRole('grid', { name: 'IT support, February 2027' });
    expect(grid).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getByRole('rowheader', { name: /Günel Hüseynova/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Mon 1 February' })).toBeInTheDocument();
    expect(container.querySelectorAll('td[tabindex="0"]')).toHaveLength(1);
    expect(screen.getByTestId('coverage-2027-02-03')).toHaveAttribute('data-under', 'true');
    await expectNoAxeViolations(container);
  });

  it('moves with the arrows, extends a rectangle with Shift+arrows and paints it with Enter', async () => {
    const user = userEvent.setup();
    const { onActivate, last } = setup();
    await user.click(cell(/^Günel Hüseynova, Mon 1 February/));
    await user.keyboard('{ArrowRight}');
    expect(cell(/^Günel Hüseynova, Tue 2 February/)).toHaveFocus();
    expect(last()).toEqual([{ personId: 1, day: '2027-02-02' }]);
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    expect(last()).toHaveLength(6);
    expect(cell(/^Elvin Quliyev, Thu 4 February/)).toHaveAttribute('aria-selected', 'true');
    expect(cell(/^Elvin Quliyev, Fri 5 February/)).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith(last());
    await user.keyboard('{Escape}');
    expect(last()).toEqual([{ personId: 2, day: '2027-02-04' }]);
  });

  it('jumps with Home/End and Ctrl+Home/End, stays inside, selects all with Ctrl+A and clears with Delete', async () => {
    const user = userEvent.setup();
    const { onClear, last } = setup();
    await user.click(cell(/^Elvin Quliyev, Wed 3 February/));
    await user.keyboard('{End}');
    expect(cell(/^Elvin Quliyev, Sun 28 February/)).toHaveFocus();
    await user.keyboard('{ArrowRight}{Control>}{Home}{/Control}{ArrowUp}');
    expect(cell(/^Günel Hüseynova, Mon 1 February/)).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}');
    expect(last()).toHaveLength(4 * 28);
    await user.keyboard('{Delete}');
    expect(onClear).toHaveBeenCalledWith(last());
  });

  it('selects a rectangle by dragging the mouse', () => {
    const { last } = setup();
    fireEvent.pointerDown(cell(/^Günel Hüseynova, Mon 1 February/), { button: 0, buttons: 1, pointerId: 1 });
    fireEvent.pointerEnter(cell(/^Rəşad Əliyev, Wed 3 February/), { buttons: 1, pointerId: 1 });
    fireEvent.pointerUp(window, { pointerId: 1 });
    fireEvent.pointerEnter(cell(/^Ləman Rzayeva, Fri 5 February/), { buttons: 0, pointerId: 1 });
    expect(last()).toHaveLength(9);
    expect(cell(/^Rəşad Əliyev, Wed 3 February/)).toHaveAttribute('aria-selected', 'true');
  });
});
