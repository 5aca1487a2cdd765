import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { ApiProvider } from '@servicedesk/api/provider';
import { apiPath, createHandlers } from '@servicedesk/api/handlers';
import { useHelpdeskDashboard } from '@servicedesk/api/helpdesk/get-helpdesk-dashboard';
import { pushedNotificationFixture } from '@servicedesk/api/notifications/notifications.fixtures';
import { RealtimeValueProvider } from '../../../realtime/RealtimeProvider';
import { createFakeHub } from '../../../../test/fake-hub';
import { useHelpdeskLiveRefresh } from './use-helpdesk-live';

const server = setupServer(...createHandlers());
beforeAll(() => server.listen());
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

/** Shows the dashboard figure once fetched. */
function Figures() {
  useHelpdeskLiveRefresh();
  const figures = useHelpdeskDashboard();
  return <p data-testid="figure">{figures.dataUpdatedAt ? String(figures.data?.myOpen) : 'loading'}</p>;
}

function renderWithHub() {
  const hub = createFakeHub();
  const api = createApiClient({ baseUrl: 'http://localhost/api', getToken: () => 'token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetches: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/helpdesk/dashboard')) fetches.push(request.url);
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <RealtimeValueProvider value={{ hub: hub.client, state: 'connected' }}>
          <Figures />
        </RealtimeValueProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { hub, fetches };
}

/** The pushed notification (id 100) points at `redirectUrl`. */
const pushedPointsAt = (redirectUrl: string | null) =>
  server.use(http.get(apiPath('/global/Layout/GetHeaderNotificationById/:id'), () => HttpResponse.json({ ...pushedNotificationFixture, redirectUrl })));

describe('live help-desk refresh', () => {
  it('refetches the help-desk answers when a help-desk notification arrives over the hub', async () => {
    pushedPointsAt('/home/helpdesk/requests/4');
    const { hub, fetches } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    expect(fetches).toHaveLength(1);
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(fetches).toHaveLength(2));
  });

  it('leaves them alone for other notifications', async () => {
    pushedPointsAt('/user/profile');
    let answered = 0;
    server.events.on('response:mocked', ({ request }) => void (request.url.includes('GetHeaderNotificationById') && answered++));
    const { hub, fetches } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(answered).toBe(1));
    // The look-up answered: let its promise chain (parse, decide, invalidate) run out before checking nothing refetched.
    for (let i = 0; i < 10; i++) await act(async () => {});
    expect(fetches).toHaveLength(1);
  });

  it('refetches when the hub says a help-desk request changed (a step nobody was notified of)', async () => {
    const { hub, fetches } = renderWithHub();
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent('3'));
    act(() => hub.emit('RecordChanged', 'helpdeskRequest', 4));
    await waitFor(() => expect(fetches).toHaveLength(2));
  });
});
