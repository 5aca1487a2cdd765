// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { NEWS_FEED_PAGE } from '@servicedesk/contracts';
import type { ApiClient, ApiRequest } from '@servicedesk/api/client';
import { ApiProvider } from '@servicedesk/api/provider';
import { nextGridPage } from '@servicedesk/api/grid-pages';
import { useContractsGridPages } from '@servicedesk/api/contracts/get-contracts-grid';
import { useDocumentsGridPages } from '@servicedesk/api/documents/documents';
import { useRegistryPages } from '@servicedesk/api/documents/registry';
import { useEquipmentGridPages } from '@servicedesk/api/equipment/get-equipment-grid';
import { useAccountingPoolPages } from '@servicedesk/api/finance/accounting-pool';
import { useVendorInvoicesPages } from '@servicedesk/api/finance/vendor-invoices';
import { useRequestsGridPages } from '@servicedesk/api/helpdesk/get-requests-grid';
import { useNewsFeed } from '@servicedesk/api/news/news-read';
import { useStockGridPages } from '@servicedesk/api/stock/stock-queries';

/*
 * "Load more" on every list grid (issue #44; SPEC §2 load-more): the next page continues after the
 * last page's `nextCursor` when the server gave one — sent as `after`, without a `skip` — and by
 * `skip` (the rows loaded) when it did not; it stops at the total, or past the count cap at a
 * short page. One mechanism (grid-pages.ts) for every list, so each list is checked here.
 */

const page = (n: number, over: { total?: number; totalCapped?: boolean; nextCursor?: string | null } = {}) => ({
  rows: Array.from({ length: n }, (_, i) => ({ id: i + 1 })),
  total: 1000,
  totalCapped: true,
  ...over,
});

describe('the next page of a grid', () => {
  it('goes on after the cursor, else at the rows loaded; stops at the total or, past the cap, at a short page', () => {
    const full = page(2, { nextCursor: 'c1' });
    expect(nextGridPage(2, full, [full])).toEqual({ skip: 2, after: 'c1' });
    expect(nextGridPage(2, page(2), [page(2), page(2)])).toEqual({ skip: 4 });
    expect(nextGridPage(2, page(1), [page(2), page(1)])).toBeUndefined();
    expect(nextGridPage(2, page(0), [page(2), page(0)])).toBeUndefined();
    expect(nextGridPage(2, page(2, { total: 4, totalCapped: false, nextCursor: 'c2' }), [page(2), page(2)])).toBeUndefined();
    expect(nextGridPage(2, page(2, { total: 5, totalCapped: false, nextCursor: 'c2' }), [page(2), page(2)])).toEqual({ skip: 4, after: 'c2' });
  });
});

/** A client that answers three full pages — the first two with a cursor, the third without — and keeps every body it was sent. */
function fakeClient(take: number) {
  const bodies: Record<string, unknown>[] = [];
  const answers = [page(take, { nextCursor: 'cursor-1' }), page(take, { nextCursor: 'cursor-2' }), page(take, { nextCursor: null }), page(1)];
  const client: ApiClient = {
    baseUrl: '/api',
    headers: () => ({}),
    request: async <T,>(request: ApiRequest<T>) => {
      bodies.push((request.body ?? {}) as Record<string, unknown>);
      return answers[Math.min(bodies.length - 1, answers.length - 1)] as T;
    },
  } as unknown as ApiClient;
  return { client, bodies };
}

const lists: [string, number, () => { fetchNextPage: () => Promise<unknown>; hasNextPage: boolean; data?: { pages: unknown[] } }][] = [
  ['help-desk requests', 2, () => useRequestsGridPages({ scope: 'all', take: 2 })],
  ['contracts', 2, () => useContractsGridPages({ take: 2 })],
  ['equipment requests', 2, () => useEquipmentGridPages({ take: 2 })],
  ['documents', 2, () => useDocumentsGridPages({ scope: 'unfinished', take: 2 })],
  ['the registry', 2, () => useRegistryPages({ take: 2 })],
  ['vendor invoices', 2, () => useVendorInvoicesPages({ take: 2 })],
  ['the accounting pool', 2, () => useAccountingPoolPages({ take: 2 })],
  ['stock materials', 2, () => useStockGridPages('materials', { take: 2 })],
  ['stock operations', 2, () => useStockGridPages('operations', { take: 2 })],
  ['the news feed', NEWS_FEED_PAGE, () => useNewsFeed()],
];

describe.each(lists)('load more on %s', (_name, take, useList) => {
  it('sends the last page’s cursor as after (no skip), then skip where no cursor came, and stops at a short page', async () => {
    const { client, bodies } = fakeClient(take);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={client}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useList(), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    for (const pages of [2, 3, 4]) {
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.data?.pages).toHaveLength(pages));
    }
    const starts = bodies.map((b) => ({ skip: b.skip, after: b.after }));
    expect(starts).toEqual([
      { skip: 0, after: undefined },
      { skip: undefined, after: 'cursor-1' },
      { skip: undefined, after: 'cursor-2' },
      { skip: 3 * take, after: undefined },
    ]);
    expect(result.current.hasNextPage).toBe(false);
  });
});
