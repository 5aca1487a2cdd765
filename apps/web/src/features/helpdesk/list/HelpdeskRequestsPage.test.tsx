import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { HELPDESK_FILTERS_KEY, loadListFilters, toGridQuery, defaultListFilters } from './list-filters';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());
beforeEach(() => localStorage.clear());

const requestKeys = ['helpdesk.requests.create', 'helpdesk.requests.repair', 'helpdesk.requests.viewAll'];

/** The list page's element permissions as the server answers them. */
function grant(keys: string[]) {
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json(requestKeys.map((key) => ({ key, isChecked: keys.includes(key) })))),
  );
}

/** Every grid body the page sent. */
function recordGridCalls() {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/api/helpdesk/requests/grid')) void request.clone().json().then((b: Record<string, unknown>) => bodies.push(b));
  });
  return bodies;
}

const grid = () => screen.findByRole('grid', { name: 'Requests table' });
const numbers = () => screen.queryAllByRole('link', { name: /^HD-2026-/ }).map((a) => a.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(within(screen.getByRole('group', { name: 'Filters' })).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('help-desk requests list', () => {
  it('on a phone the folded filter bar renders no fields until "Filters" opens it', async () => {
    const phone = vi.fn((query: string) => ({ matches: query.includes('max-width: 40rem'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.stubGlobal('matchMedia', phone);
    try {
      signIn();
      grant(requestKeys);
      renderApp('/home/helpdesk/requests');
      await grid();
      const bar = screen.getByRole('group', { name: 'Filters', hidden: true });
      expect(within(bar).queryAllByRole('button', { hidden: true })).toHaveLength(0);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Filters', expanded: false }));
      expect(within(screen.getByRole('group', { name: 'Filters' })).getByRole('button', { name: /Status/ })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows my requests with status words, and All only with viewAll', async () => {
    signIn();
    grant(requestKeys);
    renderApp('/home/helpdesk/requests');
    await grid();
    await waitFor(() => expect(numbers()).toHaveLength(5));
    const tabs = screen.getByRole('tablist', { name: 'Request views' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['My requests', 'Assigned to me', 'All requests']);
    const row = screen.getByRole('link', { name: 'HD-2026-000005' }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('On hold')).toBeInTheDocument();
    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New request' })).toBeInTheDocument();

    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'All requests' }));
    await waitFor(() => expect(numbers()).toHaveLength(10));
    expect(loadListFilters().view).toBe('all');
  });

  it('offers "Involving me" instead of All to an executor without viewAll, and asks for that scope', async () => {
    signIn();
    grant(['helpdesk.requests.create', 'helpdesk.requests.repair']);
    const calls = recordGridCalls();
    renderApp('/home/helpdesk/requests');
    await grid();
    const tabs = screen.getByRole('tablist', { name: 'Request views' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['My requests', 'Assigned to me', 'Involving me']));
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Involving me' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ scope: 'involved' }));
    expect(loadListFilters().view).toBe('involved');
  });

  it('hides All and New request from a user type without them', async () => {
    signIn();
    grant([]);
    renderApp('/home/helpdesk/requests');
    await grid();
    await waitFor(() => expect(numbers()).toHaveLength(5));
    expect(within(screen.getByRole('tablist', { name: 'Request views' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['My requests']);
    expect(screen.queryByRole('button', { name: 'New request' })).not.toBeInTheDocument();
  });

  it('asks the server for the chosen status and priority, and marks overdue rows', async () => {
    signIn();
    grant(requestKeys);
    localStorage.setItem('sd.tableFilters', JSON.stringify({ [HELPDESK_FILTERS_KEY]: { view: 'all' } }));
    const calls = recordGridCalls();
    const user = userEvent.setup();
    renderApp('/home/helpdesk/requests');
    await grid();
    await waitFor(() => expect(numbers()).toHaveLength(10));

    await choose(user, /Status/, 'Open ones');
    await waitFor(() => expect(numbers().sort()).toEqual(['HD-2026-000001', 'HD-2026-000002', 'HD-2026-000003', 'HD-2026-000004', 'HD-2026-000005', 'HD-2026-000010']));
    expect(calls.at(-1)).toMatchObject({ scope: 'all', status: ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'] });

    await choose(user, /Priority/, 'Critical');
    await waitFor(() => expect(numbers()).toEqual(['HD-2026-000004']));
    const row = screen.getByRole('link', { name: 'HD-2026-000004' }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Overdue' })).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(loadListFilters()).toMatchObject({ view: 'all', status: 'open', priority: 'critical' });
    server.events.removeAllListeners();
  });

  it('keeps only overdue requests, remembers it after a reload and clears the filters', async () => {
    signIn();
    grant(requestKeys);
    localStorage.setItem('sd.tableFilters', JSON.stringify({ [HELPDESK_FILTERS_KEY]: { view: 'all' } }));
    const user = userEvent.setup();
    const first = renderApp('/home/helpdesk/requests');
    await grid();
    await waitFor(() => expect(numbers()).toHaveLength(10));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(numbers()).toEqual(['HD-2026-000004']));
    first.unmount();

    renderApp('/home/helpdesk/requests');
    await grid();
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    await waitFor(() => expect(numbers()).toEqual(['HD-2026-000004']));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(numbers()).toHaveLength(10));
    expect(loadListFilters()).toEqual({ ...defaultListFilters, view: 'all' });
  });

  it('an empty list says nothing matches when the filter bar narrows it, and "nothing here yet" when nothing does', async () => {
    signIn();
    grant(requestKeys);
    server.use(http.post(apiPath('/helpdesk/requests/grid'), () => HttpResponse.json({ rows: [], total: 0, totalCapped: false })));
    localStorage.setItem('sd.tableFilters', JSON.stringify({ [HELPDESK_FILTERS_KEY]: { view: 'all', overdue: true } }));
    const user = userEvent.setup();
    renderApp('/home/helpdesk/requests');
    const table = await grid();
    expect(await within(table).findByText('No rows match the filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await within(table).findByText('Nothing here yet.')).toBeInTheDocument();
    expect(within(table).queryByText('No rows match the filters.')).toBeNull();
  });

  it('filters by category and assignee from the reference data', async () => {
    signIn();
    grant(requestKeys);
    localStorage.setItem('sd.tableFilters', JSON.stringify({ [HELPDESK_FILTERS_KEY]: { view: 'all' } }));
    const user = userEvent.setup();
    renderApp('/home/helpdesk/requests');
    await grid();
    await waitFor(() => expect(numbers()).toHaveLength(10));
    await choose(user, /Category/, 'Təsərrüfat');
    await waitFor(() => expect(numbers()).toEqual(['HD-2026-000007']));
    await choose(user, /Category/, 'Any category');
    await choose(user, /Assignee/, 'Tural İsmayıllı');
    await waitFor(() => expect(numbers().sort()).toEqual(['HD-2026-000003', 'HD-2026-000004', 'HD-2026-000005', 'HD-2026-000006', 'HD-2026-000010']));
  });
});

describe('the grid query of the filters', () => {
  it('turns days into local-day bounds, keeps a server-sortable sort and falls back to my requests for a view the user lacks', () => {
    const q = toGridQuery({ ...defaultListFilters, view: 'all', dateFrom: '2026-11-01', dateTo: '2026-11-03' }, { search: ' vpn ', sorting: [{ id: 'priority', desc: true }] }, ['mine']);
    expect(q).toMatchObject({ scope: 'mine', search: 'vpn', sort: 'priority', sortDir: 'desc' });
    expect(new Date(q.dateFrom!).getDate()).toBe(1);
    expect(new Date(q.dateTo!).getDate()).toBe(3);
    expect(new Date(q.dateTo!).getHours()).toBe(23);
    expect(toGridQuery(defaultListFilters, { search: '', sorting: [{ id: 'requesterName', desc: false }] }, ['mine'])).not.toHaveProperty('sort');
  });
});
