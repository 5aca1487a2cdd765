import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Stack } from './Stack';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: { direction: 'row', gap: 'sm', align: 'center', wrap: true },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {
  render: (args) => (
    <Stack {...args}>
      <Button>Save</Button>
      <Button variant="secondary">Cancel</Button>
      <Badge variant="info">Draft</Badge>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const save = within(canvasElement).getByRole('button', { name: 'Save' });
    const cancel = within(canvasElement).getByRole('button', { name: 'Cancel' });
    // Laid out inline: same top edge, Cancel to the right of Save.
    await expect(Math.round(cancel.getBoundingClientRect().top)).toBe(
      Math.round(save.getBoundingClientRect().top),
    );
    await expect(cancel.getBoundingClientRect().left).toBeGreaterThan(
      save.getBoundingClientRect().right,
    );
  },
};

export const Column: Story = {
  args: { direction: 'column', gap: 'md', align: 'start' },
  render: Row.render,
  play: async ({ canvasElement }) => {
    const save = within(canvasElement).getByRole('button', { name: 'Save' });
    const cancel = within(canvasElement).getByRole('button', { name: 'Cancel' });
    await expect(cancel.getBoundingClientRect().top).toBeGreaterThan(
      save.getBoundingClientRect().bottom,
    );
  },
};
