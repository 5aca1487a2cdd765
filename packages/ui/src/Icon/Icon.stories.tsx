import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from '../theme/contract.css';
import { Icon } from './Icon';
import { iconPaths, type IconName } from './icons';

const names = Object.keys(iconPaths) as IconName[];

const meta = {
  title: 'Primitives/Icon',
  component: Icon,
  tags: ['autodocs'],
  args: { name: 'dashboard', size: 'lg', label: 'Dashboard' },
  argTypes: {
    name: { control: 'select', options: names },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Dashboard' })).toHaveAttribute(
      'data-icon',
      'dashboard',
    );
  },
};

/** Every icon the set knows, by name (the menu's icons come from the server by these names). */
export const AllIcons: Story = {
  render: () => (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
        gap: vars.space.md,
        color: vars.color.fg,
      }}
    >
      {names.map((name) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: vars.space.sm }}>
          <Icon name={name} size="lg" />
          <code style={{ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm }}>{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(names.length);
    // Decorative icons are hidden from assistive technology.
    await expect(canvas.queryAllByRole('img')).toHaveLength(0);
  },
};
