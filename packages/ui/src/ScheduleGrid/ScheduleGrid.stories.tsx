import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ScheduleGrid, type ScheduleGridCell, type ScheduleGridPosition } from './ScheduleGrid';
import { sampleCells, sampleCoverage, sampleDays, samplePeople } from './fixtures';

/** A grid that paints the selection with "work" on Enter and clears it on Delete, as the schedule page does. */
function Painting({ people = 4 }: { people?: number }) {
  const days = sampleDays();
  const persons = samplePeople(people);
  const [cells, setCells] = useState<Record<string, ScheduleGridCell>>(() => (people > 10 ? sampleCells(persons, days) : {}));
  const [selected, setSelected] = useState<ScheduleGridPosition[]>([]);
  const apply = (positions: ScheduleGridPosition[], value: ScheduleGridCell | null) =>
    setCells((old) => {
      const next = { ...old };
      for (const p of positions) {
        const key = `${p.personId}:${p.day}`;
        if (value) next[key] = value;
        else delete next[key];
      }
      return next;
    });
  return (
    <div>
      <p data-testid="selected-count">{selected.length} selected</p>
      <ScheduleGrid
        label="IT support, February 2027"
        peopleHeader="Employee"
        days={days}
        people={persons}
        cells={cells}
        coverage={{ values: sampleCoverage(persons, days, cells), min: 2, label: 'Present', underLabel: (v, m) => `${v}, under the minimum of ${m}` }}
        onSelectionChange={setSelected}
        onActivate={(positions) => apply(positions, { kind: 'work', text: '9–18', label: 'Work 09:00–18:00' })}
        onClear={(positions) => apply(positions, null)}
      />
    </div>
  );
}

const meta = {
  title: 'Data/ScheduleGrid',
  component: ScheduleGrid,
  tags: ['autodocs'],
  args: {
    label: 'IT support, February 2027',
    peopleHeader: 'Employee',
    days: sampleDays(),
    people: samplePeople(),
    cells: sampleCells(samplePeople(), sampleDays()),
  },
} satisfies Meta<typeof ScheduleGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A filled month with the coverage row; weekends shaded, a day under the minimum marked. */
export const Month: Story = {
  args: {
    coverage: {
      values: sampleCoverage(samplePeople(), sampleDays(), sampleCells(samplePeople(), sampleDays())),
      min: 4,
      label: 'Present',
      underLabel: (v: number, m: number) => `${v}, under the minimum of ${m}`,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'IT support, February 2027' });
    await expect(within(grid).getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByRole('gridcell', { name: 'Ləman Rzayeva, Wed 3 February: X, Sick' })).toHaveTextContent('X');
    await expect(canvas.getByTestId('coverage-2027-02-03')).toHaveAttribute('aria-label', '3, under the minimum of 4');
  },
};

/** Keyboard: Shift+arrows select a week, Enter paints it; Delete clears one day. */
export const KeyboardPainting: Story = {
  render: () => <Painting />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('gridcell', { name: /^Günel Hüseynova, Mon 1 February/ });
    await userEvent.click(first);
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    await expect(canvas.getByTestId('selected-count')).toHaveTextContent('10 selected');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('gridcell', { name: 'Elvin Quliyev, Fri 5 February: 9–18, Work 09:00–18:00' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{Delete}');
    await expect(canvas.getByRole('gridcell', { name: 'Elvin Quliyev, Thu 4 February: —' })).toHaveFocus();
    await expect(canvas.getByTestId('coverage-2027-02-01')).toHaveTextContent('2');
  },
};

/**
 * 24 people × 28 days, keyboard jumps to the far corner (rows are memoised: a move re-renders the
 * two rows it touches). 200 × 31 works the same; its play and axe scans in both themes outlast the
 * runner's 60 s on the shared 2-core machine, so the story keeps 24.
 */
export const ManyPeople: Story = {
  render: () => <Painting people={24} />,
  // No screenshot: 24 rows photograph to a tall image that shows nothing the Month story does not.
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(26);
    const cell = canvas.getByRole('gridcell', { name: /^Günel Hüseynova, Mon 1 February/ });
    await userEvent.click(cell);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await expect(canvasElement.querySelector('td[data-row="23"][data-col="27"]')).toHaveFocus();
  },
};
