import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileList } from './FileList';

const meta = {
  title: 'Files/FileList',
  component: FileList,
  tags: ['autodocs'],
  args: {
    label: 'Attached files',
    downloadLabel: 'Download',
    files: [
      {
        id: 1,
        name: 'contract-2026.pdf',
        url: '#contract',
        type: 'application/pdf',
        size: 482_133,
      },
      { id: 2, name: 'photo', url: '#photo', type: 'image/png', size: 2_400_000 },
      { id: 3, name: 'notes.txt', url: '#notes', type: 'text/plain' },
    ],
  },
} satisfies Meta<typeof FileList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Attached files' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(
      within(list).getByRole('link', { name: 'Download: contract-2026.pdf' }),
    ).toHaveAttribute('href', '#contract');
    await expect(list).toHaveTextContent('PDF · 470.8 KB');
    await expect(list).toHaveTextContent('PNG · 2.3 MB');
  },
};

export const Empty: Story = {
  args: { files: [], emptyText: 'Fayl yoxdur' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Fayl yoxdur')).toBeInTheDocument();
  },
};

export const LongRussianText: Story = {
  args: {
    label: 'Прикреплённые файлы',
    downloadLabel: 'Скачать',
    locale: 'ru',
    files: [
      {
        id: 1,
        name: 'Акт_приёма-передачи_оборудования_для_отдела_информационных_технологий_ноябрь_2026.pdf',
        url: '#',
        type: 'application/pdf',
        size: 5_300_000,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/5,1 MB/)).toBeInTheDocument();
  },
};
