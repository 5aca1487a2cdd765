import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { createFakeHub, fakeHubs, type FakeHub } from '../../../test/fake-hub';

/** The next hub connection the app opens is this fake (test/setup.ts mocks the real one). */
function nextHub(connected: number[]): FakeHub {
  const hub = createFakeHub({ connected });
  fakeHubs.next = hub;
  return hub;
}

const env = vi.hoisted(() => ({ sound: { count: 0 } }));
vi.mock('./chat-environment', () => ({
  useChatEnvironment: () => ({ playSound: () => void env.sound.count++ }),
}));

const server = mockServerForFile();
const markRead: number[] = [];
afterEach(() => {
  markRead.length = 0;
  env.sound.count = 0;
});

function trackMarkRead() {
  server.use(
    http.post(apiPath('/chat/markRead'), async ({ request }) => {
      markRead.push(((await request.json()) as { partnerId: number }).partnerId);
      return HttpResponse.json({ ok: true });
    }),
  );
}

const incoming = (id: number, senderId: number, message: string) =>
  JSON.stringify({ id, senderId, receiverId: 1, message, createdAt: new Date().toISOString() });

describe('chat on the home layout (SPEC §4 "Chat")', () => {
  it('hands a ReceiveNotification pushed over the same hub connection to the bell', async () => {
    const hub = nextHub([]);
    signIn();
    renderApp('/home/dashboard');
    const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13'));
  });

  it('lists users online from GetConnectedUserIds and moves them on UserConnected / UserDisconnected', async () => {
    const hub = nextHub([3]);
    signIn();
    renderApp('/home/dashboard');
    // The fixture has 2 unread messages from Rəşad.
    const launcher = await screen.findByRole('button', { name: 'Chat, 2 unread messages' });
    await userEvent.click(launcher);
    const onlineList = () => screen.getByTestId('chat-users-online');
    const offlineList = () => screen.getByTestId('chat-users-offline');
    await waitFor(() => expect(within(onlineList()).getByRole('button', { name: 'Günel Həsənova, Qrup rəhbəri' })).toBeInTheDocument());
    expect(within(offlineList()).getByRole('button', { name: 'Rəşad Əliyev, İT mütəxəssisi, 2 unread messages' })).toBeInTheDocument();
    expect(hub.invoked[0]).toEqual({ method: 'GetConnectedUserIds', args: [] });
    act(() => hub.emit('UserConnected', 2));
    expect(within(onlineList()).getByRole('button', { name: /Rəşad Əliyev/ })).toBeInTheDocument();
    act(() => hub.emit('UserDisconnected', 3));
    expect(within(offlineList()).getByRole('button', { name: 'Günel Həsənova, Qrup rəhbəri' })).toBeInTheDocument();
  });

  it('a message for a closed popup opens the bubble, raises the count, plays a sound and toasts; the toast goes to /home/news', async () => {
    const hub = nextHub([2]);
    trackMarkRead();
    signIn();
    const { router } = renderApp('/home/dashboard');
    await screen.findByRole('button', { name: 'Chat, 2 unread messages' });
    await waitFor(() => expect(hub.invoked.length).toBe(1));
    act(() => hub.emit('ReceiveMessage', incoming(500, 4, 'Salam, Aysel')));
    const bubble = await screen.findByRole('button', { name: 'Open chat with Tural İsmayıllı, 1 unread messages, Offline' });
    expect(bubble).toBeInTheDocument();
    expect(env.sound.count).toBe(1);
    const toast = screen.getByTestId('chat-toast');
    expect(toast).toHaveTextContent('Tural İsmayıllı');
    expect(toast).toHaveTextContent('Salam, Aysel');
    act(() => hub.emit('ReceiveMessage', incoming(501, 4, 'Orada?')));
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('2');
    await userEvent.click(screen.getByTestId('chat-toast'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/news'));
  });

  it('opening resets the unread count (and marks read), loads the history with earlier pages, and sends trimmed text', async () => {
    const hub = nextHub([2]);
    trackMarkRead();
    signIn();
    renderApp('/home/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Chat, 2 unread messages' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rəşad Əliyev, İT mütəxəssisi, 2 unread messages' }));
    const panel = screen.getByRole('region', { name: 'Rəşad Əliyev' });
    await waitFor(() => expect(within(panel).getByText('Salam, sual 25')).toBeInTheDocument());
    expect(markRead).toEqual([2]);
    // 20 of 25 are shown; the earlier 5 load on request.
    expect(within(panel).queryByText('Salam, sual 1')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Earlier messages' }));
    await waitFor(() => expect(within(panel).getByText('Salam, sual 1')).toBeInTheDocument());

    await userEvent.type(within(panel).getByRole('textbox', { name: 'Message' }), '  Salam Rəşad  {Enter}');
    await waitFor(() =>
      expect(hub.invoked.at(-1)).toEqual({
        method: 'SendMessageToUserByUserId',
        args: [2, JSON.stringify({ message: 'Salam Rəşad', senderId: 1 })],
      }),
    );
    // A message while the popup is open neither counts nor toasts, and is marked read.
    act(() => hub.emit('ReceiveMessage', incoming(600, 2, 'Cavab gəldi')));
    expect(await within(panel).findByText('Cavab gəldi')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-toast')).toBeNull();
    await waitFor(() => expect(markRead).toEqual([2, 2]));

    await userEvent.click(within(panel).getByRole('button', { name: 'Minimise' }));
    expect(screen.getByRole('button', { name: 'Open chat with Rəşad Əliyev, Online' })).toBeInTheDocument();
  });

  it('?chat=<id> (where a chat-mention notification leads) opens that conversation and leaves the URL clean', async () => {
    nextHub([2]);
    trackMarkRead();
    signIn();
    const { router } = renderApp('/home/dashboard?chat=2');
    const panel = await screen.findByRole('region', { name: 'Rəşad Əliyev' });
    await waitFor(() => expect(within(panel).getByText('Salam, sual 25')).toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/home/dashboard');
    expect(markRead).toEqual([2]);
  });

  it('stops the hub when the user logs out', async () => {
    const hub = nextHub([]);
    signIn();
    const { session } = renderApp('/home/dashboard');
    await screen.findByRole('button', { name: /^Chat/ });
    await waitFor(() => expect(hub.client.start).toHaveBeenCalled());
    expect(hub.client.stop).not.toHaveBeenCalled();
    act(() => session.logout());
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    await waitFor(() => expect(hub.client.stop).toHaveBeenCalled());
  });
});
