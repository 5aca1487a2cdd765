import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SelectSearch, type SearchResult } from './SelectSearch';

const people: SearchResult[] = [
  { id: 1, name: 'Aysel Məmmədova' },
  { id: 2, name: 'Rəşad Əliyev' },
  { id: 3, name: 'Günel Hüseynova' },
  { id: 4, name: 'Анна Смирнова' },
];

/** Stands in for the api's select search (sid=2 + text): filters the list after 150 ms. */
const search = fn(
  (text: string, signal: AbortSignal) =>
    new Promise<SearchResult[]>((resolve, reject) => {
      const timer = setTimeout(
        () => resolve(people.filter((p) => p.name.toLowerCase().includes(text.toLowerCase()))),
        150,
      );
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    }),
);

const meta = {
  title: 'Fields/SelectSearch',
  component: SelectSearch,
  tags: ['autodocs'],
  args: {
    label: 'Executor',
    search,
    loadingLabel: 'Searching…',
    emptyLabel: 'Nothing found',
    openLabel: 'Show results',
    onChange: fn(),
  },
  beforeEach: () => {
    search.mockClear();
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof SelectSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Executor' });
    await userEvent.type(input, 'hüs');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('hüs', expect.anything()));
    await userEvent.click(await screen.findByRole('option', { name: 'Günel Hüseynova' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ id: 3, name: 'Günel Hüseynova' });
    await expect(input).toHaveValue('Günel Hüseynova');
  },
};

export const Loading: Story = {
  args: {
    search: fn(
      (_text: string, _signal: AbortSignal) => new Promise<SearchResult[]>(() => undefined),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'ay');
    await expect(await screen.findByText('Searching…')).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'zzz');
    await expect(await screen.findByText('Nothing found')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose an executor' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose an executor')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: { id: 1, name: 'Aysel Məmmədova' } },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('Aysel Məmmədova');
  },
};

export const LongRussianText: Story = {
  args: {
    label: 'Ответственный исполнитель заявки из отдела информационных технологий',
    description: 'İnformasiya texnologiyaları şöbəsindən məsul icraçını axtarın',
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'Анна');
    await expect(await screen.findByRole('option', { name: 'Анна Смирнова' })).toBeVisible();
  },
};
