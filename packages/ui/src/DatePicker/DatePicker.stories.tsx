import type { Meta, StoryObj } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DatePicker } from './DatePicker';

const meta = {
  title: 'Fields/DatePicker',
  component: DatePicker,
  tags: ['autodocs'],
  args: {
    label: 'Due date',
    openCalendarLabel: 'Open calendar',
    onChange: fn(),
    defaultValue: '2026-11-02',
  },
  decorators: [
    (Story) => (
      <I18nProvider locale="en-GB">
        <div style={{ maxWidth: 320 }}>{Story()}</div>
      </I18nProvider>
    ),
  ],
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ends open: the runner's axe scan covers the calendar popover. */
export const Default: Story = {
  args: { firstDayOfWeek: 'mon' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Open calendar/ }));
    const grid = await screen.findByRole('grid');
    await expect(grid.querySelectorAll('th')[0]).toHaveTextContent('M');
    await userEvent.click(within(grid).getByText('20'));
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-11-20');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Open calendar/ }));
    await expect(await screen.findByRole('grid')).toBeVisible();
  },
};

export const SundayFirst: Story = {
  args: { firstDayOfWeek: 'sun' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Open calendar/ }));
    const grid = await screen.findByRole('grid');
    await expect(grid.querySelectorAll('th')[0]).toHaveTextContent('S');
    await userEvent.keyboard('{Escape}');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose a date in the future', defaultValue: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose a date in the future')).toBeVisible();
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

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Müqavilənin qüvvəyə minmə tarixi (imzalanma günündən sonra olmalıdır)',
    description: 'Дата вступления договора в силу, не раньше даты подписания',
    firstDayOfWeek: 'mon',
  },
  decorators: [(Story) => <I18nProvider locale="az-AZ">{Story()}</I18nProvider>],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Müqavilənin/)).toBeVisible();
  },
};
