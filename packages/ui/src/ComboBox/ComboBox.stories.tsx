import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ComboBox } from './ComboBox';

const cities = [
  { id: 'baku', label: 'Bakı' },
  { id: 'ganja', label: 'Gəncə' },
  { id: 'sumqayit', label: 'Sumqayıt' },
  { id: 'lankaran', label: 'Lənkəran' },
  { id: 'shaki', label: 'Şəki', isDisabled: true },
];

const meta = {
  title: 'Fields/ComboBox',
  component: ComboBox,
  tags: ['autodocs'],
  args: {
    label: 'City',
    items: cities,
    openLabel: 'Show cities',
    emptyLabel: 'No city matches',
    onSelectionChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'City' });
    await userEvent.type(input, 'Gən');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(input).toHaveValue('Gəncə');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('ganja');
  },
};

/** Ends open: the runner's axe scan covers the list. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Show cities/ }));
    await expect(await screen.findByRole('option', { name: 'Bakı' })).toBeVisible();
    await expect(screen.getByRole('option', { name: 'Şəki' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'Paris');
    await expect(await screen.findByText('No city matches')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose a city' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose a city')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toBeDisabled();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Sənədin göndəriləcəyi struktur bölmə və ya filial',
    items: [
      { id: '1', label: 'İnformasiya texnologiyaları və rəqəmsal transformasiya departamenti' },
      { id: '2', label: 'Департамент материально-технического обеспечения и складского учёта' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'rəqəm');
    await expect(
      await screen.findByRole('option', { name: /rəqəmsal transformasiya/ }),
    ).toBeVisible();
  },
};
