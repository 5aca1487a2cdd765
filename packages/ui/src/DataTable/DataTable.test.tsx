import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { DataTable, type DataTableProps } from './DataTable';
import { englishTexts, makeRequests, sampleColumns, sampleT, type SampleRequest } from './fixtures';
import { createWebTableStorage, TABLE_FILTERS_STORAGE_KEY } from './storage';
import type { DataTableColumn } from './types';

// jsdom has no layout: give the scroller a height so the virtualiser renders rows.
beforeAll(() => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.dataset.datatableScroller !== undefined) return 3000;
      return original?.get?.call(this) ?? 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.datatableScroller !== undefined ? 1200 : 0;
    },
  });
});

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

const rows = makeRequests(27);

function Table(props: Partial<DataTableProps<SampleRequest>>) {
  return (
    <DataTable<SampleRequest>
      aria-label="Requests"
      data={rows}
      columns={sampleColumns}
      getRowId={(r) => String(r.id)}
      texts={englishTexts}
      blankLabel="Blank"
      t={sampleT}
      locale="en-GB"
      {...props}
    />
  );
}

const bodyRows = () =>
  screen.getAllByRole('row').filter((r) => Number(r.getAttribute('aria-rowindex')) > 2);
const columnTexts = (name: string) => {
  const headers = screen.getAllByRole('columnheader');
  const col = headers.find((h) => h.textContent === name)?.getAttribute('aria-colindex');
  return bodyRows().map(
    (r) =>
      within(r)
        .getAllByRole('gridcell')
        .find((c) => c.getAttribute('aria-colindex') === col)?.textContent ?? '',
  );
};

/**
 * Replaces ResizeObserver with one whose callbacks the test calls: each instance's callback and the
 * elements it observes. Undo with vi.unstubAllGlobals().
 */
function stubResizeObserver() {
  const observers: { callback: (entries: ResizeObserverEntry[]) => void; targets: Element[] }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      targets: Element[] = [];
      constructor(callback: (entries: ResizeObserverEntry[]) => void) {
        observers.push({ callback, targets: this.targets });
      }
      observe(el: Element) {
        this.targets.push(el);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return observers;
}

describe('DataTable', () => {
  it('has no accessibility violations', async () => {
    render(<Table selectionMode="multiple" />);
    await expectNoAxeViolations();
  });

  it('shows a header per visible column (translated by key) and one row per record', () => {
    render(<Table />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'No.',
      'Title',
      'City',
      'Requester',
      'Status',
      'Amount',
      'Created',
      'Due',
      'Urgent',
      'Tags',
    ]);
    expect(screen.getByRole('grid', { name: 'Requests' })).toHaveAttribute(
      'aria-rowcount',
      String(27 + 2),
    );
    expect(screen.getByRole('status')).toHaveTextContent('27 of 27 rows');
    expect(columnTexts('Status')[0]).toMatch(/New|In progress|Done|Rejected/);
  });

  it('keeps numbers and amounts on one line, cut at their end in a narrow column', () => {
    const narrow = sampleColumns.map((c) =>
      c.columnName === 'amount'
        ? { ...c, minWidth: 80 }
        : c.columnName === 'id'
          ? { ...c, render: (v: unknown) => <b>No. {String(v)}</b> }
          : c,
    );
    const manat = (n: number | Date) =>
      `${Number(n).toLocaleString('de-DE', { minimumFractionDigits: 2 })}\u00a0₼`;
    render(
      <Table
        data={[{ ...rows[0]!, amount: 159350.64 }]}
        columns={narrow}
        formatters={{ money: manat }}
      />,
    );
    const cells = within(bodyRows()[0]!).getAllByRole('gridcell');
    const amount = cells.find((c) => c.textContent === '159.350,64\u00a0₼')!;
    expect(amount).toHaveAttribute('title', '159.350,64\u00a0₼');
    expect(getComputedStyle(amount).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(amount).fontVariantNumeric).toBe('tabular-nums');
    expect(getComputedStyle(amount.firstElementChild!).textOverflow).toBe('ellipsis');
    // A rendered number is cut at its end too, and has no tooltip of the column's raw text.
    const id = cells.find((c) => c.getAttribute('aria-colindex') === '1')!;
    expect(id).toHaveTextContent(`No. ${rows[0]!.id}`);
    expect(getComputedStyle(id).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(id.firstElementChild!).textOverflow).toBe('ellipsis');
    expect(id).not.toHaveAttribute('title');
    // Text columns still wrap.
    const city = cells.find((c) => c.textContent === rows[0]!.city)!;
    expect(getComputedStyle(city).whiteSpace).not.toBe('nowrap');
  });

  it('narrows rows with a column filter, ignoring case and Azerbaijani accents', async () => {
    const user = userEvent.setup();
    render(<Table />);
    await user.type(screen.getByRole('searchbox', { name: 'Filter City' }), 'SEKI');
    await waitFor(() => expect(columnTexts('City').every((c) => c === 'Şəki')).toBe(true));
    expect(columnTexts('City')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 of 27 rows');
  });

  it('searches every visible column with the given normaliser', async () => {
    const user = userEvent.setup();
    const normalize = vi.fn((s: string) => s.toLowerCase().replace(/ə/g, 'e').replace(/ı/g, 'i'));
    render(<Table normalize={normalize} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sumqayit');
    await waitFor(() => expect(columnTexts('City').length).toBe(3));
    expect(columnTexts('City').every((c) => c === 'Sumqayıt')).toBe(true);
    expect(normalize).toHaveBeenCalled();
  });

  it('finds empty cells by the Blank label and says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const filter = screen.getByRole('searchbox', { name: 'Filter City' });
    await user.type(filter, 'blank');
    await waitFor(() => expect(columnTexts('City')).toEqual(['', '', '']));
    await user.clear(filter);
    await user.type(filter, 'zzz');
    expect(await screen.findByText('No rows match the filters')).toBeInTheDocument();
  });

  it('sorts by a column ascending, then descending, then back', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const amount = screen.getByRole('columnheader', { name: 'Amount' });
    const amounts = () => columnTexts('Amount').map((t) => Number(t.replace(/,/g, '')));
    const original = amounts();
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(amounts()).toEqual([...original].sort((a, b) => a - b)));
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(amounts()).toEqual([...original].sort((a, b) => b - a)));
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(amounts()).toEqual(original));
  });

  it('keeps empty values last in both sort directions and sorts inside groups', async () => {
    const { rerender } = render(
      <Table
        state={{ filters: {}, search: '', sorting: [{ id: 'city', desc: false }], groupBy: null }}
      />,
    );
    await waitFor(() => expect(columnTexts('City').slice(0, 3)).toEqual(['Bakı', 'Bakı', 'Bakı']));
    expect(columnTexts('City').slice(-3)).toEqual(['', '', '']);
    rerender(
      <Table
        state={{ filters: {}, search: '', sorting: [{ id: 'city', desc: true }], groupBy: null }}
      />,
    );
    await waitFor(() =>
      expect(columnTexts('City').slice(0, 3)).toEqual(['Sumqayıt', 'Sumqayıt', 'Sumqayıt']),
    );
    expect(columnTexts('City').slice(-3)).toEqual(['', '', '']);
    rerender(
      <Table
        state={{
          filters: {},
          search: '',
          sorting: [{ id: 'amount', desc: true }],
          groupBy: 'city',
        }}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^City: / }).length).toBe(9));
    const groupOf = (name: RegExp) => {
      const all = screen
        .getAllByRole('row')
        .filter((r) => Number(r.getAttribute('aria-rowindex')) > 2);
      const start = all.findIndex((r) => name.test(r.textContent ?? ''));
      return all.slice(start + 1, start + 4);
    };
    const amounts = groupOf(/^City: Bakı/).map((r) =>
      Number((r.querySelector('[aria-colindex="6"]')?.textContent ?? '').replace(/,/g, '')),
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('groups rows by a column, empty values under Blank, and collapses a group', async () => {
    const user = userEvent.setup();
    render(<Table state={{ filters: {}, search: '', sorting: [], groupBy: 'city' }} />);
    const blank = screen.getByRole('button', { name: /City: Blank \(3\)/ });
    const baki = screen.getByRole('button', { name: /City: Bakı \(3\)/ });
    expect(baki).toHaveAttribute('aria-expanded', 'true');
    const before = bodyRows().length;
    expect(before).toBe(27 + 9);
    await user.click(baki);
    expect(baki).toHaveAttribute('aria-expanded', 'false');
    // The rows fade for 300 ms (SPEC §9), then leave.
    await waitFor(() => expect(bodyRows()).toHaveLength(before - 3), { timeout: 1000 });
    await user.click(screen.getByRole('button', { name: /City: Bakı/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(before));
    expect(blank).toBeInTheDocument();
  });

  it('keeps the filters under its key and restores them after a reload', async () => {
    const user = userEvent.setup();
    const storage = createWebTableStorage(localStorage);
    const { unmount } = render(<Table filterKey="helpdeskRequests" storage={storage} />);
    await user.type(screen.getByRole('searchbox', { name: 'Filter City' }), 'şəki');
    await user.click(
      within(screen.getByRole('columnheader', { name: 'Amount' })).getByRole('button'),
    );
    unmount();
    expect(JSON.parse(localStorage.getItem(TABLE_FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({
      helpdeskRequests: { filters: { city: 'şəki' }, sorting: [{ id: 'amount', desc: false }] },
    });
    render(<Table filterKey="helpdeskRequests" storage={createWebTableStorage(localStorage)} />);
    expect(screen.getByRole('searchbox', { name: 'Filter City' })).toHaveValue('şəki');
    expect(columnTexts('City')).toEqual(['Şəki', 'Şəki', 'Şəki']);
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Another table key starts clean.
    render(<Table filterKey="inventoryRequests" storage={storage} aria-label="Inventory" />);
    const other = screen.getByRole('grid', { name: 'Inventory' });
    expect(other).toHaveAttribute('aria-rowcount', String(29));
  });

  it('restores saved column order, width and visibility and reports changes', async () => {
    const user = userEvent.setup();
    const onColumnSettingsChange = vi.fn();
    render(
      <Table
        columnSettings={{
          columns: [{ key: 'city', width: 300 }, { key: 'title' }, { key: 'id', hidden: true }],
        }}
        onColumnSettingsChange={onColumnSettingsChange}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent).slice(0, 3)).toEqual(['City', 'Title', 'Requester']);
    expect(headers[0]).toHaveStyle({ width: '300px' });
    expect(screen.queryByRole('columnheader', { name: 'No.' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('button', { name: 'Move Title left' }));
    expect(onColumnSettingsChange).toHaveBeenLastCalledWith({
      columns: expect.arrayContaining([]) as unknown,
    });
    const sent = onColumnSettingsChange.mock.lastCall?.[0] as {
      columns: { key: string; width: number; hidden: boolean }[];
    };
    expect(sent.columns.slice(0, 3)).toEqual([
      { key: 'title', width: 240, hidden: false },
      { key: 'city', width: 300, hidden: false },
      { key: 'id', width: 90, hidden: true },
    ]);
    expect(sent.columns).toHaveLength(sampleColumns.length);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Items' }));
    // The popover hides the page from assistive technology while open: close it first.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Items' })).toBeInTheDocument();
    expect(onColumnSettingsChange.mock.lastCall?.[0]).toMatchObject({
      columns: expect.arrayContaining([{ key: 'count', width: 110, hidden: false }]) as unknown,
    });
  });

  it('exports exactly the current view as CSV', async () => {
    const user = userEvent.setup();
    const onExport = vi.fn();
    const columns: DataTableColumn<SampleRequest>[] = [
      { columnName: 'id', header: 'No.', type: 'number' },
      { columnName: 'city', header: 'City' },
      { columnName: 'title', header: 'Title, full' },
      { columnName: 'amount', header: 'Amount', type: 'money' },
    ];
    render(
      <Table
        columns={columns}
        columnSettings={{
          columns: [{ key: 'title' }, { key: 'id' }, { key: 'city', hidden: true }],
        }}
        state={{
          filters: { city: 'seki' },
          search: '',
          sorting: [{ id: 'id', desc: true }],
          groupBy: null,
        }}
        onExport={onExport}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    const file = onExport.mock.lastCall?.[0] as { blob: Blob; fileName: string; format: string };
    expect(file.fileName).toBe('export.csv');
    const text = (await file.blob.text()).replace(/^\uFEFF/, '');
    const lines = [rows[19], rows[10], rows[1]].map(
      (r) =>
        `${r?.title},${r?.id},${r?.amount.toLocaleString('en-GB', { minimumFractionDigits: 2 }).replace(/^(.*,.*)$/, '"$1"')}`,
    );
    expect(text).toBe(`"Title, full",No.,Amount\r\n${lines.join('\r\n')}\r\n`);
  });

  it('exports the view as an XLSX workbook', async () => {
    const user = userEvent.setup();
    const onExport = vi.fn();
    render(<Table onExport={onExport} exportFileName="requests" />);
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const file = onExport.mock.lastCall?.[0] as { blob: Blob; fileName: string };
    expect(file.fileName).toBe('requests.xlsx');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
  });

  it('moves through the grid with the arrow keys and selects a row with Space', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <Table selectionMode="multiple" onSelectionChange={onSelectionChange} onExport={vi.fn()} />,
    );
    // Tab from the last toolbar button lands on the grid's active cell (the select-all box).
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Select all rows');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-cell', '2:3');
    expect(document.activeElement).toHaveTextContent(/^Bakı$/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent(/^Şəki$/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-cell', '3:4');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName('Select row');
    await user.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['2']));
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toHaveAttribute('data-cell', '2:0');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('Select all rows');
    await user.click(document.activeElement as HTMLElement);
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(rows.map((r) => String(r.id))));
  });

  it('opens a row with a mouse click, a tap and Enter, but not from a link, a button or a text selection in it', async () => {
    const user = userEvent.setup();
    const onRowAction = vi.fn();
    const onCopy = vi.fn();
    const columns: DataTableColumn<SampleRequest>[] = [
      {
        columnName: 'id',
        header: 'No.',
        type: 'number',
        render: (_v, row) => <a href={`#request-${row.id}`}>{row.id}</a>,
      },
      ...sampleColumns.slice(1),
    ];
    render(<Table columns={columns} onRowAction={onRowAction} onCopy={onCopy} />);
    const second = bodyRows()[1] as HTMLElement;
    const cityCell = within(second).getByText('Şəki');

    await user.click(cityCell);
    expect(onRowAction).toHaveBeenCalledTimes(1);
    expect(onRowAction).toHaveBeenLastCalledWith(rows[1]);

    await user.pointer({ keys: '[TouchA]', target: within(bodyRows()[2] as HTMLElement).getAllByRole('gridcell')[2] as HTMLElement });
    expect(onRowAction).toHaveBeenCalledTimes(2);
    expect(onRowAction).toHaveBeenLastCalledWith(rows[2]);

    // Enter on the focused cell, as before.
    (within(second).getAllByRole('gridcell')[2] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(onRowAction).toHaveBeenCalledTimes(3);

    // A link or the copy button in the row does its own thing only.
    await user.click(within(second).getByRole('link', { name: '2' }));
    await user.click(within(second).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(onCopy).toHaveBeenCalled());
    // Text selected with the mouse (to copy it) does not open the row.
    const range = document.createRange();
    range.selectNodeContents(cityCell);
    window.getSelection()?.addRange(range);
    await user.pointer({ keys: '[MouseLeft>]', target: cityCell });
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    await user.pointer({ keys: '[/MouseLeft]', target: cityCell });
    window.getSelection()?.removeAllRanges();
    expect(onRowAction).toHaveBeenCalledTimes(3);
    expect(second).toHaveAttribute('data-actionable');
  });

  it('runs no row action on a click when the table has none', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const first = bodyRows()[0] as HTMLElement;
    expect(first).not.toHaveAttribute('data-actionable');
    await user.click(within(first).getByText('Bakı'));
    expect(first).not.toHaveAttribute('aria-selected');
  });

  it('copies a cell with its copy button', async () => {
    const user = userEvent.setup();
    const onCopy = vi.fn();
    render(<Table onCopy={onCopy} />);
    await user.click(screen.getAllByRole('button', { name: 'Copy' })[0] as HTMLElement);
    await waitFor(() => expect(onCopy).toHaveBeenCalledWith('Printer işləmir #1'));
    await expect(navigator.clipboard.readText()).resolves.toBe('Printer işləmir #1');
  });

  it('shows the first grouped elements and reveals more on request', async () => {
    const user = userEvent.setup();
    const data: SampleRequest[] = [
      { ...(rows[0] as SampleRequest), tags: ['A', 'B', 'C', 'D', 'E'] },
    ];
    render(<Table data={data} />);
    const row = bodyRows()[0] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A', 'B', '+3 more']);
    await user.click(within(row).getByRole('button', { name: '+3 more' }));
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('shows a skeleton while loading, the empty text without data, and load more', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const { rerender } = render(<Table isLoading />);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(<Table data={[]} />);
    expect(screen.getByText('No data yet')).toBeInTheDocument();
    // Filtered by the server (no rows came back for the search): nothing matches, not "no data yet".
    rerender(<Table data={[]} state={{ filters: {}, search: 'zzz', sorting: [], groupBy: null }} />);
    expect(await screen.findByText('No rows match the filters')).toBeInTheDocument();
    rerender(<Table hasMore onLoadMore={onLoadMore} />);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('changes the grouping from the group-by select', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<Table onStateChange={onStateChange} />);
    await user.click(screen.getByRole('button', { name: /Group by/ }));
    await user.click(await screen.findByRole('option', { name: 'Status' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ groupBy: 'status' }));
    expect(await screen.findByRole('button', { name: /Status: Done/ })).toBeInTheDocument();
  });
});

describe('DataTable under reduced motion', () => {
  it('collapses instantly under reduced motion', async () => {
    const matchMedia = vi.fn(() => ({ matches: true }) as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia);
    const user = userEvent.setup();
    render(<Table state={{ filters: {}, search: '', sorting: [], groupBy: 'city' }} />);
    const before = bodyRows().length;
    await user.click(screen.getByRole('button', { name: /City: Bakı/ }));
    await act(async () => {});
    expect(bodyRows()).toHaveLength(before - 3);
    vi.unstubAllGlobals();
  });
});

describe('DataTable row measuring (issue #19)', () => {
  it('does not read a row\'s box while mounting it (no forced layout in the commit); the resize observer measures it', () => {
    const read = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    render(<Table />);
    expect(bodyRows().length).toBeGreaterThan(10);
    const rowReads = read.mock.contexts.filter((el) => el instanceof HTMLElement && el.dataset.index !== undefined);
    expect(rowReads).toHaveLength(0);
  });

  it("takes the scroll area's size from a ResizeObserver, not by reading it while committing", () => {
    const observers = stubResizeObserver();
    let height = 3000;
    let reads = 0;
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.dataset.datatableScroller === undefined) return 0;
        reads += 1;
        return height;
      },
    });
    try {
      render(<Table />);
      // Before any observer entry: the rows of a 480 px area and the overscan, and no read.
      const first = bodyRows().length;
      expect(first).toBeGreaterThan(10);
      expect(reads).toBe(0);
      expect(observers.some((o) => o.targets.some((el) => el instanceof HTMLElement && el.dataset.datatableScroller !== undefined))).toBe(true);
      // The observer reports a 90 px area: the rows shrink to what it shows plus the overscan.
      height = 90;
      act(() => observers.forEach((o) => o.callback([])));
      expect(reads).toBeGreaterThan(0);
      expect(bodyRows().length).toBeLessThan(first);
    } finally {
      if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
      vi.unstubAllGlobals();
    }
  });

  it('does not scroll a just-mounted scroller to the top while committing; moving to the last row scrolls it', async () => {
    const scrolls: unknown[] = [];
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element, options: unknown) {
        if (this instanceof HTMLElement && this.dataset.datatableScroller !== undefined) scrolls.push(options);
      },
    });
    try {
      const user = userEvent.setup();
      render(<Table onExport={vi.fn()} />);
      expect(bodyRows().length).toBeGreaterThan(10);
      expect(scrolls).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Export Excel' }));
      await user.tab();
      await user.keyboard('{Control>}{End}{/Control}');
      expect(scrolls.length).toBeGreaterThan(0);
    } finally {
      if (original) Object.defineProperty(Element.prototype, 'scrollTo', original);
      else delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
    }
  });

  it("keeps a row's measured height when the observer reports it while the DOM is older than the virtualiser", () => {
    // The DataTable's row model is deferred: React can be half-way through rendering a new order
    // (the virtualiser already holds the new count and keys) when the observer delivers the entries
    // of the rows last committed, whose data-index attributes are then stale. Simulated here by
    // giving the row a stale data-index while its entry is delivered.
    const observers = stubResizeObserver();
    const entry = (target: Element, blockSize: number) =>
      ({ target, borderBoxSize: [{ blockSize, inlineSize: 1200 }] }) as unknown as ResizeObserverEntry;
    const topOf = (row: Element) => Number(/translateY\((-?[\d.]+)px\)/.exec((row as HTMLElement).style.transform)?.[1]);
    try {
      const { rerender } = render(<Table />);
      const [first, second, third] = bodyRows();
      if (!first || !second || !third) throw new Error('rows not rendered');
      const rowObserver = observers.find((o) => o.targets.includes(first));
      if (!rowObserver) throw new Error('rows are not observed');
      const deliverStale = (row: Element, staleIndex: string, blockSize: number) => {
        const index = row.getAttribute('data-index') ?? '';
        row.setAttribute('data-index', staleIndex);
        act(() => rowObserver.callback([entry(row, blockSize)]));
        row.setAttribute('data-index', index);
      };
      // An index beyond the new count (tanstack dropped the entry), and another row's index
      // (tanstack stored the height under that row's key).
      deliverStale(first, '9999', 80);
      deliverStale(second, '2', 100);
      // The render in flight commits.
      rerender(<Table rowHeight={45} />);
      expect(topOf(second) - topOf(first)).toBe(80);
      expect(topOf(third) - topOf(second)).toBe(100);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the empty text in the scroll area's visible width, not the columns' full width (a phone)", () => {
    const observers = stubResizeObserver();
    try {
      render(<Table data={[]} />);
      const cell = screen.getByText('No data yet').closest<HTMLElement>('[role=gridcell]');
      expect(cell?.style.width).toBe('100%');
      // The scroller's observer reports its size: the cell takes its visible width (clientWidth).
      const scrollerObservers = observers.filter((o) =>
        o.targets.some((el) => el instanceof HTMLElement && el.dataset.datatableScroller !== undefined),
      );
      act(() => scrollerObservers.forEach((o) => o.callback([])));
      expect(cell?.style.width).toBe('1200px');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("follows the header's height with a ResizeObserver instead of reading it while committing", () => {
    const observers = stubResizeObserver();
    let headReads = 0;
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.getAttribute('role') === 'rowgroup') headReads += 1;
        return original?.get?.call(this) ?? 0;
      },
    });
    try {
      render(<Table />);
      expect(bodyRows().length).toBeGreaterThan(10);
      expect(headReads).toBe(0);
      expect(observers.some((o) => o.targets.some((el) => el.getAttribute('role') === 'rowgroup'))).toBe(true);
    } finally {
      if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
      vi.unstubAllGlobals();
    }
  });
});
