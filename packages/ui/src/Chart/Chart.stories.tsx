import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { BarChart, DonutChart, LineChart } from './charts';

const months = [
  { month: 'Jun', open: 12, done: 30 },
  { month: 'Jul', open: 9, done: 41 },
  { month: 'Aug', open: 15, done: 28 },
  { month: 'Sep', open: 7, done: 35 },
  { month: 'Oct', open: 18, done: 44 },
  { month: 'Nov', open: 11, done: 39 },
];
const series = [
  { key: 'open', label: 'Open' },
  { key: 'done', label: 'Done' },
];

const meta = {
  title: 'Kit/Chart',
  component: BarChart,
  tags: ['autodocs'],
  args: {
    title: 'Requests per month',
    summary: 'Most requests were closed in October (44).',
    data: months,
    categoryKey: 'month',
    categoryLabel: 'Month',
    series,
    emptyText: 'No data for this period.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bar: Story = {
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Requests per month' });
    const table = within(figure).getByRole('table');
    await expect(within(table).getByRole('row', { name: /Oct/ })).toHaveTextContent('Oct1844');
    // Drawn once the plot is laid out and in view (ChartFrame), a frame after the figure.
    await waitFor(() => expect(figure.querySelector('svg')).not.toBeNull());
  },
};

export const StackedBar: Story = {
  args: { stacked: true },
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Requests per month' });
    await expect(within(figure).getByRole('table')).toBeInTheDocument();
    // Drawn once the plot is laid out and in view (ChartFrame), a frame after the figure.
    await waitFor(() => expect(figure.querySelector('svg')).not.toBeNull());
  },
};

export const SingleSeriesBar: Story = {
  args: { series: [{ key: 'done', label: 'Done' }] },
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Requests per month' });
    // One value column besides the category in the data table.
    await expect(within(figure).getAllByRole('columnheader')).toHaveLength(2);
  },
};

export const Line: Story = {
  render: (args) => <LineChart {...args} title="Trend" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('figure', { name: 'Trend' })).toBeInTheDocument();
  },
};

export const Donut: Story = {
  render: () => (
    <DonutChart
      title="Requests by status"
      summary="Done is the largest share (39 of 74)."
      categoryLabel="Status"
      valueLabel="Requests"
      emptyText="No requests yet."
      data={[
        { id: 'new', label: 'New', value: 8 },
        { id: 'inProgress', label: 'In progress', value: 16 },
        { id: 'done', label: 'Done', value: 39 },
        { id: 'rejected', label: 'Rejected', value: 11 },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Requests by status' });
    await expect(figure).toHaveTextContent('74');
    await expect(within(figure).getByRole('row', { name: /Rejected/ })).toHaveTextContent(
      'Rejected11',
    );
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period.')).toBeInTheDocument();
  },
};

export const EmptyDonut: Story = {
  render: () => (
    <DonutChart
      title="By status"
      categoryLabel="Status"
      valueLabel="Requests"
      emptyText="Hələ müraciət yoxdur."
      data={[]}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Hələ müraciət yoxdur.')).toBeInTheDocument();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title:
      'İnformasiya texnologiyaları şöbəsinə aylar üzrə daxil olan və icra edilən müraciətlərin sayı',
    categoryLabel: 'Ay',
    series: [
      { key: 'open', label: 'İcra gözləyən müraciətlər' },
      { key: 'done', label: 'Uğurla icra edilmiş müraciətlər' },
    ],
  },
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', {
      name: /^İnformasiya texnologiyaları şöbəsinə aylar üzrə/,
    });
    await expect(
      within(figure).getByRole('columnheader', { name: 'Uğurla icra edilmiş müraciətlər' }),
    ).toBeInTheDocument();
  },
};
