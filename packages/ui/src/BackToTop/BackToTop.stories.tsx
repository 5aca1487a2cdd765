import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BackToTop } from './BackToTop';

function LongPage() {
  return (
    <div>
      {Array.from({ length: 40 }, (_, i) => (
        <p key={i}>Paragraph {i + 1} of a long page.</p>
      ))}
      <BackToTop label="Back to top" />
    </div>
  );
}

const meta = {
  title: 'Primitives/BackToTop',
  component: BackToTop,
  tags: ['autodocs'],
  args: { label: 'Back to top' },
  render: () => <LongPage />,
} satisfies Meta<typeof BackToTop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ScrollAndReturn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    window.scrollTo({ top: 600 });
    const button = await canvas.findByRole('button', { name: 'Back to top' });
    await userEvent.click(button);
    await waitFor(() => expect(window.scrollY).toBe(0), { timeout: 3000 });
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument(),
    );
  },
};
