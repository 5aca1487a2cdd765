// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider, useApiClient } from '@servicedesk/api/provider';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { useMenus } from '@servicedesk/api/global/get-menus';
import { useTableOrder } from '@servicedesk/api/global/get-table-order';
import { useUpdateTableOrder } from '@servicedesk/api/global/update-table-order';
import { globalKeys } from '@servicedesk/api/global/global-keys';
import { getStatisticsQueryOptions } from '@servicedesk/api/dashboard/get-statistics';
import { useUserLists } from '@servicedesk/api/global/get-user-lists';
import { useUpdateUserNumber } from '@servicedesk/api/global/update-user-number';
import { useUpdateUserSelectedLanguage } from '@servicedesk/api/global/update-user-selected-language';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterAll(() => server.close());

const client = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={client}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

function MenuList() {
  const { data, isPending } = useMenus();
  if (isPending) return <p>loading</p>;
  return (
    <ul>
      {data?.map((item) => (
        <li key={item.caption}>{item.caption}</li>
      ))}
    </ul>
  );
}

describe('hooks', () => {
  it('renders the menu fetched through the provider', async () => {
    const { wrapper } = setup();
    render(<MenuList />, { wrapper });
    expect(await screen.findByText('menu.dashboard')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
  });

  it('puts a saved table order into the cache the table reads', async () => {
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(
      () => ({ order: useTableOrder('users'), update: useUpdateTableOrder() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.order.data).toEqual({ columns: [] }));
    await act(() =>
      result.current.update.mutateAsync({ key: 'users', settings: { columns: [{ key: 'name' }] } }),
    );
    expect(queryClient.getQueryData(globalKeys.tableOrder('users'))).toEqual({
      columns: [{ key: 'name' }],
    });
    await waitFor(() => expect(result.current.order.data).toEqual({ columns: [{ key: 'name' }] }));
  });

  it('refetches the user lists after the phone number is saved', async () => {
    const { wrapper } = setup();
    let listCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/global/getUserLists')) listCalls++;
    });
    const { result } = renderHook(() => ({ lists: useUserLists(), save: useUpdateUserNumber() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.lists.isSuccess).toBe(true));
    expect(listCalls).toBe(1);
    await act(() => result.current.save.mutateAsync({ number: '994501112233' }));
    await waitFor(() => expect(listCalls).toBe(2));
    server.events.removeAllListeners();
  });

  it('refetches server texts after the language changes', async () => {
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(
      () => ({ menus: useMenus(), language: useUpdateUserSelectedLanguage() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.menus.isSuccess).toBe(true));
    const before = queryClient.getQueryState(globalKeys.menus())?.dataUpdatedAt ?? 0;
    await act(() => result.current.language.mutateAsync('tr'));
    await waitFor(() =>
      expect(queryClient.getQueryState(globalKeys.menus())?.dataUpdatedAt ?? 0).toBeGreaterThan(
        before,
      ),
    );
  });

  it('lets a route loader prefetch with the same query options', async () => {
    const { queryClient } = setup();
    const stats = await queryClient.ensureQueryData(getStatisticsQueryOptions(client));
    expect(stats.activeUsers).toBe(10);
  });

  it('explains a missing ApiProvider', () => {
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => renderHook(() => useApiClient())).toThrow(/ApiProvider/);
    } finally {
      console.error = original;
    }
  });
});
