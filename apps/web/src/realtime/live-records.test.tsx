import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '@servicedesk/api/provider';
import { useHelpdeskDashboard } from '@servicedesk/api/helpdesk/get-helpdesk-dashboard';
import { RealtimeValueProvider } from './RealtimeProvider';
import { useLiveRecords } from './live-records';
import { createFakeHub } from '../../test/fake-hub';
import { checkedApiClient, mockServerForFile } from '../../test/render-app';

const server = mockServerForFile();

/** Shows the dashboard figure once fetched; subscribes to live records like a page does. */
function Figures() {
  useLiveRecords();
  const figures = useHelpdeskDashboard();
  return <p data-testid="figure">{figures.dataUpdatedAt ? String(figures.data?.myOpen) : 'loading'}</p>;
}

/** The shell and the page both subscribe (as AppShell and a help-desk page do). */
function Shell() {
  useLiveRecords();
  return <Figures />;
}

function renderWithHub() {
  const hub = createFakeHub();
  const api = checkedApiClient({ baseUrl: 'http://localhost/api', getToken: () => 'token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetches: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (!request.url.includes('GetHeaderNotificationById')) fetches.push(new URL(request.url).pathname);
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <RealtimeValueProvider value={{ hub: hub.client, state: 'connected' }}>
          <Shell />
        </RealtimeValueProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { hub, fetches, view };
}

/** Lets pending promise chains (an invalidation, a look-up) run out. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await act(async () => {});
};

describe('live records: one change reaches the page once', () => {
  it('refetches a help-desk answer ONCE per RecordChanged, though the shell and the page both listen', async () => {
    const { hub, fetches } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    expect(fetches).toEqual(['/api/helpdesk/dashboard']);
    act(() => hub.emit('RecordChanged', 'helpdeskRequest', 4));
    await waitFor(() => expect(fetches).toHaveLength(2));
    await settle();
    expect(fetches).toEqual(['/api/helpdesk/dashboard', '/api/helpdesk/dashboard']);
  });

  it('does not refetch records for a notification (its change comes as RecordChanged), nor for an unknown kind', async () => {
    const { hub, fetches } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    act(() => hub.emit('ReceiveNotification', 100));
    act(() => hub.emit('RecordChanged', 'somethingElse', 4));
    await settle();
    expect(fetches).toEqual(['/api/helpdesk/dashboard']);
  });

  it('stops listening when the last subscriber unmounts', async () => {
    const { hub, fetches, view } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    view.unmount();
    act(() => hub.emit('RecordChanged', 'helpdeskRequest', 4));
    await settle();
    expect(fetches).toHaveLength(1);
  });
});
