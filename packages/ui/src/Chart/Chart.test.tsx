import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ChartFrame } from './ChartFrame';
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
  });

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

  describe('where ResizeObserver and IntersectionObserver exist', () => {
    let width = 0;
    let resized: () => void = () => {};
    let intersected: (entries: { isIntersecting: boolean }[]) => void = () => {};
    afterEach(() => vi.unstubAllGlobals());
    /** A ResizeObserver whose callback the test calls (`resized`) as the browser would after a layout. */
    const stubResizeObserver = () =>
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            resized = callback;
          }
          observe() {}
          disconnect() {}
        },
      );

    it('reads no width while mounting (no forced layout): the resize observer reports it', () => {
      stubResizeObserver();
      const reads = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 320);
      render(
        <ChartFrame title="Requests" height={200} isEmpty={false} emptyText="" categoryLabel="Month" categoryKey="month" columns={series} rows={months} formatValue={String}>
          {(w) => <span data-testid="drawing">{w}</span>}
        </ChartFrame>,
      );
      expect(reads).not.toHaveBeenCalled();
      expect(screen.queryByTestId('drawing')).not.toBeInTheDocument();
      act(() => resized());
      expect(screen.getByTestId('drawing')).toHaveTextContent('320');
    });

    it('draws once, at the real width, when the plot is laid out and near the viewport', () => {
      stubResizeObserver();
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
            intersected = callback;
          }
          observe() {}
          disconnect() {}
        },
      );
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
      const draw = vi.fn((w: number) => <span data-testid="drawing">{w}</span>);
      render(
        <ChartFrame title="Requests" height={200} isEmpty={false} emptyText="" categoryLabel="Month" categoryKey="month" columns={series} rows={months} formatValue={String}>
          {draw}
        </ChartFrame>,
      );
      // Inside a hidden parent: no width, nothing drawn; the numbers are there for screen readers.
      expect(draw).not.toHaveBeenCalled();
      expect(screen.getByRole('figure', { name: 'Requests' })).toBeInTheDocument();
      expect(screen.getByRole('table')).toBeInTheDocument();
      width = 320;
      act(() => resized());
      // Laid out, but further down the page: still not drawn.
      act(() => intersected([{ isIntersecting: false }]));
      expect(draw).not.toHaveBeenCalled();
      act(() => intersected([{ isIntersecting: true }]));
      expect(screen.getByTestId('drawing')).toHaveTextContent('320');
      expect(draw.mock.calls.map(([w]) => w)).toEqual([320]);
    });
  });
});
