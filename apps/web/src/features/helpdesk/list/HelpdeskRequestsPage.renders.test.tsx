import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import type * as DataTableModule from '@servicedesk/ui/DataTable';
import type * as SelectModule from '@servicedesk/ui/Select';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { holdAnswer } from '../../../../test/held-answer';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

/**
 * The grid's renders — the rows it got, and whether React rendered it synchronously (a render it
 * cannot interrupt or slice: `renderRootSync` on the stack, React's development build) — and the
 * filter selects' renders.
 */
const renders = { table: [] as { rows: number; sync: boolean }[], selects: 0 };
vi.mock('@servicedesk/ui/DataTable', async (original) => {
  const real = await original<typeof DataTableModule>();
  return {
    ...real,
    DataTable: (props: Parameters<typeof real.DataTable>[0]) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 100;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      renders.table.push({ rows: props.data.length, sync: stack.includes('renderRootSync') });
      return <real.DataTable {...props} />;
    },
  };
});
vi.mock('@servicedesk/ui/Select', async (original) => {
  const real = await original<typeof SelectModule>();
  return {
    ...real,
    Select: (props: Parameters<typeof real.Select>[0]) => {
      renders.selects++;
      return <real.Select {...props} />;
    },
  };
});

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

describe('help-desk list: each answer re-renders its own part (issue #19)', () => {
  it('the list answer re-renders the table alone, not the header, tabs and filter bar', async () => {
    signIn();
    const keys = ['helpdesk.requests.create', 'helpdesk.requests.repair', 'helpdesk.requests.viewAll'];
    // The page's element permissions and reference data answer first; the list is held back
    // until everything else has answered and been drawn, then let through.
    const list = holdAnswer();
    server.use(
      http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json(keys.map((key) => ({ key, isChecked: true })))),
      http.post(apiPath('/helpdesk/requests/grid'), async () => {
        await list.held;
        return undefined; // on to the default handler
      }),
    );
    const { queryClient } = renderApp('/home/helpdesk/requests');
    await screen.findByRole('button', { name: 'New request' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['My requests', 'Assigned to me', 'All requests']));
    // Every query but the held list has its answer, and what they changed is drawn.
    await waitFor(() => expect(queryClient.isFetching()).toBe(1));
    await act(async () => {});
    expect(screen.queryAllByRole('link', { name: /^HD-2026-/ })).toHaveLength(0);
    const selectsBeforeRows = renders.selects;
    expect(selectsBeforeRows).toBeGreaterThan(0);
    const tableBeforeRows = renders.table.length;

    list.release();
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /^HD-2026-/ })).toHaveLength(5));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await act(async () => {});
    expect(renders.table.filter(({ rows }) => rows === 5)).toHaveLength(1);
    // The answer reaches the grid in a transition (AppDataTable): the store's synchronous update does
    // not draw the grid at all, the rows render in time slices the browser can interrupt.
    expect(renders.table.slice(tableBeforeRows)).toEqual([{ rows: 5, sync: false }]);
    // Nor did anything before: the grid's first mount and the saved column order's answer came in
    // transitions too.
    expect(renders.table.filter(({ sync }) => sync)).toEqual([]);
    // The rows arrived: the filter bar (and the page around it) was not drawn again.
    expect(renders.selects).toBe(selectsBeforeRows);
  });
});
