import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReferenceDataTable, type ReferenceDataTableProps } from './ReferenceDataTable';
import { baseProps, englishTexts, NameForm, type Category } from './fixtures';

type Props = ReferenceDataTableProps<Category>;

/** Holds the rows in state, as the app's query would after each save. */
function Stateful(args: Props) {
  const [rows, setRows] = useState<readonly Category[]>(args.rows);
  return (
    <ReferenceDataTable<Category>
      {...args}
      rows={rows}
      renderForm={(row, close) => (
        <NameForm
          initial={row?.name ?? ''}
          close={close}
          onSave={(name) =>
            setRows((list) =>
              row
                ? list.map((r) => (r.id === row.id ? { ...r, name } : r))
                : [...list, { id: list.length + 10, name, componentCount: 0, isActive: true }],
            )
          }
        />
      )}
      onDelete={async (row) => {
        await args.onDelete?.(row);
        setRows((list) => list.filter((r) => r.id !== row.id));
      }}
      onActiveChange={async (row, isActive) => {
        await args.onActiveChange?.(row, isActive);
        setRows((list) => list.map((r) => (r.id === row.id ? { ...r, isActive } : r)));
      }}
    />
  );
}

const meta = {
  title: 'Records/ReferenceDataTable',
  component: ReferenceDataTable<Category>,
  tags: ['autodocs'],
  args: {
    ...baseProps,
    canCreate: true,
    canEdit: true,
    onDelete: fn(),
    onDeleted: fn(),
    onActiveChange: fn(),
    onError: fn(),
  },
  render: (args) => <Stateful {...(args as Props)} />,
} satisfies Meta<Props>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The rows with their status; the inactive one dimmed; each button named after its row. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('region', { name: 'Categories' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(rows[3]).toHaveTextContent('Old phones0Inactive');
    await expect(canvas.getByRole('button', { name: 'Activate Old phones' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Printers' })).toBeVisible();
  },
};

/** Create: the dialog opens with the form, saving adds the row. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Scanners');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Edit Scanners' })).toBeVisible();
  },
};

/** Edit: the dialog opens with the row's values (ends open, so axe scans it). */
export const EditOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit Network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    await expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Network');
  },
};

/** Delete asks first; confirming removes the row and reports it. */
export const Delete: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Printers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the category?' });
    await expect(dialog).toHaveTextContent('“Printers” will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalled());
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Delete Printers' })).toBeNull(),
    );
  },
};

/** Deactivate asks first; activate does not. */
export const Deactivate: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Deactivate Network' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate the category?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(args.onActiveChange).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), false),
    );
    await expect(await canvas.findByRole('button', { name: 'Activate Network' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Activate Old phones' }));
    await expect(
      await canvas.findByRole('button', { name: 'Deactivate Old phones' }),
    ).toBeVisible();
  },
};

/** No rows yet. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No categories yet.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'New category' })).toBeVisible();
  },
};

/** Loading: a skeleton announced as a status. */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Loading…' }),
    ).toBeInTheDocument();
  },
};

/** Read-only (no permissions): no actions column, no create button. */
export const ReadOnly: Story = {
  args: { canCreate: false, canEdit: false },
  render: (args) => (
    <ReferenceDataTable<Category>
      {...(args as Props)}
      onDelete={undefined}
      onActiveChange={undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  },
};

const azRows: Category[] = [
  {
    id: 1,
    name: 'Printerlər, skanerlər və çoxfunksiyalı surətçıxarma qurğuları',
    componentCount: 12,
    isActive: true,
  },
  { id: 2, name: 'Korporativ şəbəkə və simsiz internet', componentCount: 4, isActive: false },
];

/** Azerbaijani names and texts on a phone: the table scrolls sideways inside its region, the page does not. */
export const LongAzerbaijaniTextPhone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: {
    title: 'Kateqoriyalar',
    rows: azRows,
    columns: [
      { id: 'name', header: 'Adı', cell: (c: Category) => c.name },
      {
        id: 'count',
        header: 'Komponentlərin sayı',
        numeric: true,
        cell: (c: Category) => c.componentCount,
      },
    ],
    texts: {
      ...englishTexts,
      actions: 'Əməliyyatlar',
      create: 'Yeni kateqoriya',
      edit: 'Redaktə et',
      editNamed: (n) => `${n} — redaktə et`,
      delete: 'Sil',
      deleteNamed: (n) => `${n} — sil`,
      activate: 'Aktivləşdir',
      activateNamed: (n) => `${n} — aktivləşdir`,
      deactivate: 'Deaktiv et',
      deactivateNamed: (n) => `${n} — deaktiv et`,
      active: 'Aktiv',
      inactive: 'Qeyri-aktiv',
      status: 'Status',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Kateqoriyalar' })).toHaveTextContent(
      'Qeyri-aktiv',
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Russian names. */
export const LongRussianText: Story = {
  args: {
    title: 'Категории обращений',
    rows: [
      {
        id: 1,
        name: 'Принтеры, сканеры и многофункциональные копировальные устройства',
        componentCount: 12,
        isActive: true,
      },
    ],
    texts: { ...englishTexts, status: 'Состояние', active: 'Действует', actions: 'Действия' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toHaveTextContent('Действует');
  },
};
