import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AvatarGroup } from './AvatarGroup';

const people = [
  'Aysel Məmmədova',
  'Rəşad Həsənov',
  'Nigar Əliyeva',
  'Orxan Quliyev',
  'Leyla Cəfərova',
  'Анна Смирнова',
].map((name, i) => ({ id: i, name, src: null }));

const meta = {
  title: 'Kit/AvatarGroup',
  component: AvatarGroup,
  tags: ['autodocs'],
  args: { people, label: 'Participants', moreLabel: (n: number) => `${n} more` },
} satisfies Meta<typeof AvatarGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('+3')).toHaveAttribute(
      'aria-label',
      expect.stringContaining('Orxan Quliyev'),
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <AvatarGroup {...args} size="sm" label="Small" />
      <AvatarGroup {...args} size="md" label="Medium" />
      <AvatarGroup {...args} size="lg" label="Large" max={4} />
    </div>
  ),
};

export const AllFit: Story = {
  args: { people: people.slice(0, 2) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/^\+/)).not.toBeInTheDocument();
  },
};

/** Nobody yet: an empty, still named list. */
export const Empty: Story = {
  args: { people: [] },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Participants' });
    await expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  },
};

export const LongNames: Story = {
  args: {
    max: 1,
    moreLabel: (n: number) => `ещё ${n} участников согласования`,
    people: [
      { id: 1, name: 'Gülnarə Məmmədhəsənova-Əlizadə', src: null },
      { id: 2, name: 'Константин Константинопольский', src: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The "+1" names the hidden person in Russian.
    await expect(
      canvas.getByRole('img', {
        name: 'ещё 1 участников согласования: Константин Константинопольский',
      }),
    ).toHaveTextContent('+1');
  },
};
