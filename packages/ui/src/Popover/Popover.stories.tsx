import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Popover } from './Popover';

const meta = {
  title: 'Kit/Popover',
  component: Popover,
  tags: ['autodocs'],
  args: {
    trigger: <Button variant="secondary">Details</Button>,
    title: 'Executor',
    children: <p style={{ margin: 0 }}>Rəşad Həsənov, IT support</p>,
  },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Details' });
    await userEvent.click(trigger);
    await expect(await screen.findByRole('dialog', { name: 'Executor' })).toHaveTextContent(
      'Rəşad Həsənov',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // RAC restores focus to the trigger after the popover has unmounted (a frame later).
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** No visible title: the dialog is named by `ariaLabel`. */
export const WithoutTitle: Story = {
  args: { title: undefined, ariaLabel: 'Executor' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Executor' });
    await expect(within(dialog).queryByRole('heading')).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const LongRussianTextOpen: Story = {
  args: {
    title: 'Ответственный исполнитель',
    children: (
      <p style={{ margin: 0 }}>
        Заявка передана в отдел информационных технологий и будет рассмотрена в течение двух рабочих
        дней после согласования.
      </p>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Details' }));
    await expect(
      await screen.findByRole('dialog', { name: 'Ответственный исполнитель' }),
    ).toBeInTheDocument();
  },
};
