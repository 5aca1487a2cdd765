import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFakeHub, fakeHubs } from '../../test/fake-hub';
import { signIn } from '../../test/render-app';
import { useLiveRecords } from './live-records';
import { RealtimeProvider, useRealtime, useRealtimeConnection } from './RealtimeProvider';

describe('live records and presence (issue #19)', () => {
  it('a component holding live records is not re-rendered when users come online', async () => {
    const hub = createFakeHub({ connected: [2] });
    fakeHubs.next = hub;
    signIn();
    let listRenders = 0;
    function List() {
      listRenders++;
      useLiveRecords();
      return null;
    }
    function Online() {
      useRealtimeConnection();
      const { state, online } = useRealtime();
      return <p data-testid="online">{`${state}: ${[...(online ?? [])].join(',')}`}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RealtimeProvider>
          <List />
          <Online />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('online')).toHaveTextContent('connected: 2'));
    const settled = listRenders;
    act(() => hub.emit('UserConnected', 3));
    act(() => hub.emit('UserConnected', 4));
    expect(screen.getByTestId('online')).toHaveTextContent('connected: 2,3,4');
    expect(listRenders).toBe(settled);
  });
});
