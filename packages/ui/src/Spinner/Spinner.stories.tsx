import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Spinner } from './Spinner';

const meta = {
  title: 'Primitives/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  args: { label: 'Signing in…', showLabel: true },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The login spinner: nothing for 1 s, then the spinner. */
export const AfterDelay: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(
      () => expect(canvas.getByRole('progressbar', { name: 'Signing in…' })).toBeVisible(),
      {
        timeout: 2500,
      },
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Spinner {...args} delay={0} size="sm" showLabel={false} />
      <Spinner {...args} delay={0} size="md" showLabel={false} />
      <Spinner {...args} delay={0} size="lg" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('progressbar')).toHaveLength(3);
  },
};

/** A long Azerbaijani label, shown and announced, after no delay. */
export const LongAzerbaijaniText: Story = {
  args: { delay: 0, label: 'Məlumatlar yüklənir, zəhmət olmasa bir neçə saniyə gözləyin…' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: /^Məlumatlar yüklənir/ }),
    ).toBeVisible();
  },
};
