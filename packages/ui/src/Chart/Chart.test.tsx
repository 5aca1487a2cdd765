import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { BarChart, DonutChart, LineChart } from './charts';

const months = [
  { month: 'Jan', open: 4, done: 10 },
  { month: 'Feb', open: 7, done: 12 },
];
const series = [
  { key: 'open', label: 'Open' },
  { key: 'done', label: 'Done' },
];

describe('charts', () => {
  it('have no accessibility violations', async () => {
    render(
      <div>
        <BarChart
          title="Requests"
          data={months}
          categoryKey="month"
          categoryLabel="Month"
          series={series}
          emptyText="No data"
        />
        <LineChart
          title="Trend"
          data={months}
          categoryKey="month"
          categoryLabel="Month"
          series={series}
          emptyText="No data"
        />
        <DonutChart
          title="By status"
          data={[{ id: 'new', label: 'New', value: 3 }]}
          categoryLabel="Status"
          valueLabel="Requests"
          emptyText="No data"
        />
      </div>,
    );
    await expectNoAxeViolations();
  }, 30_000);

  it('give screen readers the numbers as a table inside a named figure', () => {
    render(
      <BarChart
        title="Requests per month"
        summary="Most closed in February (12)"
        data={months}
        categoryKey="month"
        categoryLabel="Month"
        series={series}
        emptyText="No data"
        formatValue={(n) => `${n} pcs`}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Requests per month' });
    expect(figure).toHaveAccessibleDescription('Most closed in February (12)');
    const table = within(figure).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'Open', 'Done']);
    expect(within(table).getByRole('row', { name: /Feb/ })).toHaveTextContent('Feb7 pcs12 pcs');
  });

  it('shows the donut total and each slice in the table', () => {
    render(
      <DonutChart
        title="By status"
        data={[
          { id: 'new', label: 'New', value: 3 },
          { id: 'done', label: 'Done', value: 5 },
        ]}
        categoryLabel="Status"
        valueLabel="Requests"
        emptyText="No data"
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Done/ })).toHaveTextContent('Done5');
    expect(screen.getByText('8')).toBeInTheDocument();
  });

  it('shows the empty text instead of axes when there is nothing to draw', () => {
    render(
      <LineChart
        title="Trend"
        data={[{ month: 'Jan', open: 0, done: 0 }]}
        categoryKey="month"
        categoryLabel="Month"
        series={series}
        emptyText="No data for this period"
      />,
    );
    expect(screen.getByText('No data for this period')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
