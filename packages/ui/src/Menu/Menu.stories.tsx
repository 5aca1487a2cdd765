import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { MenuButton } from './Menu';

const meta = {
  title: 'Primitives/MenuButton',
  component: MenuButton,
  tags: ['autodocs'],
  args: {
    label: 'Aysel',
    icon: 'user',
    items: [
      { id: 'profile', label: 'My profile', icon: 'user' },
      { id: 'logout', label: 'Log out', icon: 'logout' },
    ],
    onAction: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 220 }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof MenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UserMenu: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Aysel' }));
    const menu = await screen.findByRole('menu', { name: 'Aysel' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await expect(args.onAction).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

/** Ends open, so the test-runner's axe scan covers the popover in both themes. */
export const LanguageOpen: Story = {
  args: {
    label: 'Language',
    icon: 'globe',
    iconOnly: true,
    selectedId: 'az',
    items: [
      { id: 'az', label: 'Azərbaycanca' },
      { id: 'en', label: 'English' },
      { id: 'ru', label: 'Русский' },
      { id: 'tr', label: 'Türkçe' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu', { name: 'Language' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'Azərbaycanca' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
  },
};
