import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DataTable, type DataTableProps } from './DataTable';
import { englishTexts, makeRequests, sampleColumns, sampleT, type SampleRequest } from './fixtures';
import type { DataTableColumn } from './types';
import { inNarrowBox } from '../internal/storyDecorators';

type Props = DataTableProps<SampleRequest>;

const rows200 = makeRequests(200);
let rows100k: SampleRequest[] | undefined;
/** Built on first use so other stories do not pay for 100,000 rows. */
const hundredThousand = () => (rows100k ??= makeRequests(100_000));

const meta = {
  title: 'Data/DataTable',
  component: DataTable as (props: Props) => ReturnType<typeof DataTable>,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Help-desk requests',
    data: rows200,
    columns: sampleColumns,
    getRowId: (r: SampleRequest) => String(r.id),
    texts: englishTexts,
    blankLabel: 'Blank',
    t: sampleT,
    locale: 'en-GB',
    height: 320,
    onStateChange: fn(),
    onColumnSettingsChange: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<Props>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = (el: HTMLElement) => within(el).getByRole('grid');
const bodyRows = (el: HTMLElement) =>
  within(grid(el))
    .getAllByRole('row')
    .filter(
      (r) => Number(r.getAttribute('aria-rowindex')) > 2 && !r.querySelector('[aria-expanded]'),
    );
/** Rows appear once the virtualiser has measured the scroller (one frame after mounting). */
const rowsReady = (el: HTMLElement) =>
  waitFor(() => expect(bodyRows(el).length).toBeGreaterThan(0));
/** The texts of one column in the rendered rows. */
const columnTexts = (el: HTMLElement, header: string) => {
  const col = within(grid(el))
    .getAllByRole('columnheader')
    .find((h) => h.textContent === header)
    ?.getAttribute('aria-colindex');
  return bodyRows(el).map(
    (r) => r.querySelector(`[role=gridcell][aria-colindex="${col}"]`)?.textContent ?? '',
  );
};

/** 200 requests with every column type; the count line tells how many rows the view holds. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('200 of 200 rows');
    await expect(canvas.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    // Virtualised: far fewer rows in the page than in the data.
    await expect(bodyRows(canvasElement).length).toBeLessThan(40);
  },
};

const typeRows: SampleRequest[] = makeRequests(6).map((r, i) => ({
  ...r,
  amount: [1234.5, 0, 99.99, 250000, 12, 5][i] ?? 0,
  urgent: i % 2 === 0,
  tags: i === 0 ? ['IT', 'Təcili', 'Avadanlıq', 'Şəbəkə', 'Lisenziya'] : r.tags,
}));

/** One column of each type: number, string (copyable), user, status (translated badge), money, dateTime, date, boolean, grouped elements. */
export const EveryType: Story = {
  args: {
    data: typeRows,
    columnSettings: { columns: [{ key: 'count', hidden: false }] },
    height: 360,
  },
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(columnTexts(canvasElement, 'Amount')[0]).toBe('1,234.50');
    await expect(columnTexts(canvasElement, 'Urgent').slice(0, 2)).toEqual(['Yes', 'No']);
    await expect(columnTexts(canvasElement, 'Items')[0]).toMatch(/^\d+$/);
    await expect(columnTexts(canvasElement, 'Created')[0]).toMatch(/^\d\d\/\d\d\/2026, \d\d:\d\d$/);
    await expect(columnTexts(canvasElement, 'Status')[0]).toMatch(
      /^(New|In progress|Done|Rejected)$/,
    );
    const first = bodyRows(canvasElement)[0] as HTMLElement;
    await expect(
      within(first).getByText(
        /Məmmədova|Əliyev|Hüseynova|Quliyev|Həsənova|İsmayılov|Cəfərova|Bağırov/,
      ),
    ).toBeVisible();
    await userEvent.click(within(first).getByRole('button', { name: '+3 more' }));
    await expect(within(first).getByText('Lisenziya')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Copy' }).length).toBeGreaterThan(0);
  },
};

/** Typing "seki" in the City filter finds "Şəki": case- and accent-insensitive. */
export const Filters: Story = {
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter City' }), 'seki');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('23 of 200 rows'));
    const cities = columnTexts(canvasElement, 'City');
    await expect(cities.length).toBeGreaterThan(0);
    await expect(cities.every((c) => c === 'Şəki')).toBe(true);
    // The search box narrows further, across every visible column.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'vpn');
    await waitFor(() =>
      expect(columnTexts(canvasElement, 'Title').every((t) => t.startsWith('VPN'))).toBe(true),
    );
  },
};

/** Pressing a header sorts ascending, again descending (aria-sort tells assistive technology). */
export const Sorting: Story = {
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: 'Amount' });
    const amounts = () =>
      columnTexts(canvasElement, 'Amount').map((t) => Number(t.replace(/,/g, '')));
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => {
      const a = amounts();
      return expect(a).toEqual([...a].sort((x, y) => x - y));
    });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => {
      const a = amounts();
      return expect(a).toEqual([...a].sort((x, y) => y - x));
    });
  },
};

/** Grouped by city: empty cities under "Blank"; a group collapses with a 300 ms animation. */
export const Grouping: Story = {
  args: { defaultState: { filters: {}, search: '', sorting: [], groupBy: 'city' } },
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /^City: Bakı \(\d+\)$/ })).toBeVisible();
    const baki = canvas.getByRole('button', { name: /^City: Bakı/ });
    await expect(baki).toHaveAttribute('aria-expanded', 'true');
    await expect(columnTexts(canvasElement, 'City')[0]).toBe('Bakı');
    await userEvent.click(baki);
    await expect(baki).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(columnTexts(canvasElement, 'City')[0]).not.toBe('Bakı'));
    // The empty cities are grouped under Blank, and the filter finds them by that label.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter City' }), 'blank');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'City: Blank (22)' })).toBeVisible(),
    );
    await expect(columnTexts(canvasElement, 'City').every((c) => c === '')).toBe(true);
  },
};

/** While loading: a skeleton, the grid marked busy, "Loading…" announced. */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
  },
};

/** No data at all. */
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data yet')).toBeVisible();
  },
};

/**
 * No data on a phone: the columns are wider than the screen, and the text stays in the visible part
 * of the table (centred in it), also when the table is scrolled sideways.
 */
export const EmptyOnAPhone: Story = {
  args: { data: [] },
  decorators: [inNarrowBox(320)],
  play: async ({ canvasElement }) => {
    const scroller = grid(canvasElement).parentElement as HTMLElement;
    await waitFor(() => expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth));
    const text = within(canvasElement).getByText('No data yet');
    const inView = () => {
      const box = scroller.getBoundingClientRect();
      const message = text.getBoundingClientRect();
      return message.left >= box.left && message.right <= box.right;
    };
    await waitFor(() => expect(inView()).toBe(true));
    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(0));
    await waitFor(() => expect(inView()).toBe(true));
    scroller.scrollLeft = 0;
    await waitFor(() => expect(scroller.scrollLeft).toBe(0));
  },
};

/** Checkbox column: select all selects every row of the view. */
export const Selection: Story = {
  args: { selectionMode: 'multiple', onSelectionChange: fn() },
  play: async ({ canvasElement, args }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getAllByRole('checkbox', { name: 'Select row' })[1] as HTMLElement,
    );
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set(['2']));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    await expect(
      canvas
        .getAllByRole('checkbox', { name: 'Select row' })
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    await expect(
      (args.onSelectionChange as ReturnType<typeof fn>).mock.lastCall?.[0],
    ).toHaveProperty('size', 200);
  },
};

/** The grid answers the arrow keys, Home/End and Space (selection). */
export const KeyboardNavigation: Story = {
  args: { selectionMode: 'multiple', onSelectionChange: fn() },
  play: async ({ canvasElement, args }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(document.activeElement).toHaveTextContent(/^Bakı$/);
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement).toHaveTextContent(/^Şəki$/);
    await userEvent.keyboard(' ');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set(['2']));
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() =>
      expect(document.activeElement?.closest('[role=row]')).toHaveAttribute('aria-rowindex', '202'),
    );
  },
};

/** 100,000 rows: only the visible ones are in the page; filtering stays instant. */
export const HundredThousandRows: Story = {
  args: { data: [] },
  render: (args) => <DataTable {...args} data={hundredThousand()} />,
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-rowcount', '100002');
    await expect(bodyRows(canvasElement).length).toBeLessThan(40);
    await userEvent.click(canvas.getByRole('searchbox', { name: 'Filter City' }));
    // One change instead of four keystrokes: each would filter 100,000 rows on a busy runner.
    await userEvent.paste('seki');
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent('11111 of 100000 rows'),
      { timeout: 5000 },
    );
    await expect(columnTexts(canvasElement, 'City').every((c) => c === 'Şəki')).toBe(true);
    const scroller = canvasElement.querySelector<HTMLElement>('[data-datatable-scroller]');
    if (!scroller) throw new Error('no scroller');
    // Rows are measured as they render, so the height grows while scrolling: scroll again until
    // the view rests at the very bottom (one end state for the screenshot, whatever the runner's speed).
    await waitFor(() => {
      scroller.scrollTo({ top: scroller.scrollHeight });
      expect(scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop).toBeLessThanOrEqual(1);
      expect(bodyRows(canvasElement).at(-1)).toHaveAttribute('aria-rowindex', String(11111 + 2));
    });
    await expect(canvas.getByText('99,992')).toBeVisible();
  },
};

const longRows: SampleRequest[] = makeRequests(4).map((r, i) => ({
  ...r,
  title: [
    'Mühasibatlıq şöbəsinin üçüncü mərtəbəsindəki çap qurğusu kağızı sıxışdırır və işçilərin gündəlik hesabatlarının çapı dayanıb',
    'Не работает принтер на третьем этаже бухгалтерии, сотрудники не могут распечатать ежедневные отчёты и акты сверки',
    'İsmayıllı filialında şəbəkə bağlantısı gün ərzində dəfələrlə kəsilir, elektron sənəd dövriyyəsi sistemi əlçatan olmur',
    'Требуется продлить лицензию на программное обеспечение для складского учёта до конца финансового года',
  ][i] as string,
  city: ['Şəki', 'Санкт-Петербург', 'İsmayıllı', 'Ленкорань'][i] as string,
}));

const longColumns: DataTableColumn<SampleRequest>[] = [
  { columnName: 'id', header: 'No.', type: 'number', minWidth: 80 },
  { columnName: 'title', header: 'Başlıq (wraps)', minWidth: 320 },
  { columnName: 'city', header: 'Город (no wrap)', noWrap: true, minWidth: 140 },
  { columnName: 'requester', header: 'Müraciət edən', type: 'user' },
];

/** Long Azerbaijani and Russian texts: wrapping cells grow, no-wrap cells cut with an ellipsis and a tooltip. */
export const LongTexts: Story = {
  args: { data: longRows, columns: longColumns, height: 460 },
  play: async ({ canvasElement }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Не работает принтер/)).toBeVisible();
    const cut = canvas.getByRole('gridcell', { name: 'Санкт-Петербург' });
    await expect(cut).toHaveAttribute('title', 'Санкт-Петербург');
    const rowsEls = bodyRows(canvasElement);
    // Wrapped rows are measured taller than one line.
    await waitFor(() =>
      expect((rowsEls[0] as HTMLElement).getBoundingClientRect().height).toBeGreaterThan(50),
    );
  },
};

/** Export CSV writes exactly the filtered, sorted, visible view. */
export const Export: Story = {
  args: {
    data: makeRequests(28),
    columns: [
      { columnName: 'id', header: 'No.', type: 'number' },
      { columnName: 'title', header: 'Title' },
      { columnName: 'city', header: 'City' },
      { columnName: 'status', header: 'Status', hidden: true },
    ],
    onExport: fn(),
    exportFileName: 'requests',
  },
  play: async ({ canvasElement, args }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter City' }), 'SƏKİ');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('3 of 28 rows'));
    await userEvent.click(
      within(canvas.getByRole('columnheader', { name: 'No.' })).getByRole('button'),
    );
    await userEvent.click(
      within(canvas.getByRole('columnheader', { name: 'No.' })).getByRole('button'),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    const onExport = args.onExport as ReturnType<typeof fn>;
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    const file = onExport.mock.lastCall?.[0] as { blob: Blob; fileName: string };
    await expect(file.fileName).toBe('requests.csv');
    const text = (await file.blob.text()).replace(/^\uFEFF/, '');
    await expect(text).toBe(
      'No.,Title,City\r\n20,Ofis kreslosu sınıb #20,Şəki\r\n11,VPN bağlantısı kəsilir #11,Şəki\r\n2,Yeni noutbuk sifarişi #2,Şəki\r\n',
    );
  },
};

/** The column settings: hide, show and reorder columns (the change goes to onColumnSettingsChange). Left open for the axe scan. */
export const ColumnSettings: Story = {
  args: { columnSettings: { columns: [{ key: 'title', width: 320 }, { key: 'id' }] } },
  play: async ({ canvasElement, args }) => {
    await rowsReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('columnheader')[0]).toHaveTextContent('Title');
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Requester' }));
    await expect(args.onColumnSettingsChange).toHaveBeenLastCalledWith({
      columns: expect.arrayContaining([{ key: 'requester', width: 230, hidden: true }]),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move No. left' }));
    const sent = (args.onColumnSettingsChange as ReturnType<typeof fn>).mock.lastCall?.[0] as {
      columns: { key: string }[];
    };
    await expect(sent.columns.slice(0, 2).map((c) => c.key)).toEqual(['id', 'title']);
  },
};

/** Server paging: the load-more button asks for the next page. */
export const LoadMore: Story = {
  args: { data: makeRequests(20), hasMore: true, onLoadMore: fn(), height: 300 },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

/**
 * A list whose rows open: a mouse click (or a tap) anywhere on a row runs `onRowAction`, as Enter
 * on a focused cell does; the link in the No. column still goes where it points.
 */
export const RowAction: Story = {
  args: {
    data: makeRequests(8),
    height: 300,
    onRowAction: fn(),
    columns: [
      {
        columnName: 'id',
        header: 'No.',
        type: 'number',
        render: (_v: unknown, row: SampleRequest) => <a href={`#request-${row.id}`}>{row.id}</a>,
      },
      ...sampleColumns.slice(1, 3),
    ],
  },
  play: async ({ canvasElement, args }) => {
    await rowsReady(canvasElement);
    const onRowAction = args.onRowAction as ReturnType<typeof fn>;
    const second = bodyRows(canvasElement)[1] as HTMLElement;
    await userEvent.click(within(second).getByText('Şəki'));
    await expect(onRowAction).toHaveBeenCalledTimes(1);
    await expect(onRowAction).toHaveBeenLastCalledWith(args.data[1]);
    const third = bodyRows(canvasElement)[2] as HTMLElement;
    await userEvent.pointer({ keys: '[TouchA]', target: within(third).getAllByRole('gridcell')[1] as HTMLElement });
    await expect(onRowAction).toHaveBeenLastCalledWith(args.data[2]);
    (within(second).getAllByRole('gridcell')[1] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect(onRowAction).toHaveBeenCalledTimes(3);
    await expect(onRowAction).toHaveBeenLastCalledWith(args.data[1]);
    // Leave the pointer off the rows so the screenshot shows no hover.
    await userEvent.unhover(third);
  },
};
