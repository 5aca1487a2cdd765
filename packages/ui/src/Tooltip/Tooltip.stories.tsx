import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Kit/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  args: {
    content: 'Export to Excel',
    children: (
      <Button variant="ghost" aria-label="Export">
        <Icon name="arrow-up" />
      </Button>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '3rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenOnFocus: Story = {
  play: async () => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Export to Excel');
  },
};

export const Placements: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 48 }}>
      {(['top', 'bottom', 'start', 'end'] as const).map((p) => (
        <Tooltip key={p} content={`Tip on ${p}`} placement={p} delay={0}>
          <Button variant="secondary">{p}</Button>
        </Tooltip>
      ))}
      <Tooltip {...args} isDisabled>
        <Button variant="secondary">disabled tip</Button>
      </Tooltip>
    </div>
  ),
  play: async () => {
    // Keyboard focus shows a tip at once (hover needs a real pointer modality).
    await userEvent.tab();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'bottom' })).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Tip on bottom');
  },
};

export const LongRussianText: Story = {
  args: {
    content:
      'Выгрузить все отфильтрованные заявки в файл Excel с учётом выбранных столбцов и порядка сортировки',
    defaultOpen: true,
  },
  play: async () => {
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Выгрузить все/);
  },
};
