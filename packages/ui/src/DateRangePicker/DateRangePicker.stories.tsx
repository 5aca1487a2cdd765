import type { Meta, StoryObj } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DateRangePicker } from './DateRangePicker';

const meta = {
  title: 'Fields/DateRangePicker',
  component: DateRangePicker,
  tags: ['autodocs'],
  args: {
    label: 'Period',
    openCalendarLabel: 'Open calendar',
    onChange: fn(),
    defaultValue: { start: '2026-11-02', end: '2026-11-06' },
    firstDayOfWeek: 'mon',
  },
  decorators: [
    (Story) => (
      <I18nProvider locale="en-GB">
        <div style={{ maxWidth: 420 }}>{Story()}</div>
      </I18nProvider>
    ),
  ],
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Open calendar/ }));
    const grid = await screen.findByRole('grid');
    await expect(grid.querySelectorAll('th')[0]).toHaveTextContent('M');
    await userEvent.click(within(grid).getByText('10'));
    await userEvent.click(within(grid).getByText('14'));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      start: '2026-11-10',
      end: '2026-11-14',
    });
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'The period is too long', defaultValue: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The period is too long')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /Open calendar/ }),
    ).toBeDisabled();
  },
};

export const LongRussianText: Story = {
  args: {
    label: 'Период формирования отчёта о задолженности поставщиков',
    description: 'Təchizatçıların borc hesabatının formalaşdırılma dövrü',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Период формирования/)).toBeVisible();
  },
};
