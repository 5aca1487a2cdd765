import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';
import { createFakeHub, fakeHubs } from '../../test/fake-hub';
import { PHONE_PROMPT_SHOWN_KEY } from '../features/phone-prompt/PhonePromptGate';

const server = mockServerForFile();
// The home layout's phone prompt (a modal) is tested on its own; here it has been shown already.
beforeEach(() => {
  sessionStorage.setItem(PHONE_PROMPT_SHOWN_KEY, '1');
  server.resetHandlers(...createHandlers()); // fresh notifications for each test
});

// hidden: true — a popover or dialog may hide the rest of the page from assistive tech.
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

describe("the tab's one hub connection (SPEC §4, §7, §9)", () => {
  it('reaches the bell on /user/profile too: a pushed notification raises the badge there', async () => {
    const hub = createFakeHub();
    fakeHubs.next = hub;
    signIn();
    renderApp('/user/profile');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    await waitFor(() => expect(hub.client.start).toHaveBeenCalledOnce());
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13'));
    // The prefix follows in an effect after the badge renders.
    await waitFor(() => expect(document.title).toMatch(/^\(13\)(?: |$)/));
    expect(document.title).not.toContain('(12)');
  });

  it('keeps the same connection from /home to /user and stops it on logout', async () => {
    const hub = createFakeHub();
    fakeHubs.next = hub;
    signIn();
    const { router, session } = renderApp('/home/dashboard');
    await waitFor(() => expect(hub.client.start).toHaveBeenCalledOnce());
    await act(() => router.navigate('/user/profile'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    await act(() => router.navigate('/home/dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(fakeHubs.created).toHaveLength(1);
    expect(hub.client.stop).not.toHaveBeenCalled();
    // Still live after the moves.
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13'));

    act(() => session.logout());
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(hub.client.stop).toHaveBeenCalledOnce());
    expect(fakeHubs.created).toHaveLength(1);
  });

  it('opens no connection without a session (the sign-in page)', async () => {
    renderApp('/home/dashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(fakeHubs.created).toHaveLength(0);
  });

  it('starts over when the client gives up reconnecting, and asks who is online again once back', async () => {
    let online = [2];
    const hub = createFakeHub({ connected: () => online });
    fakeHubs.next = hub;
    signIn();
    renderApp('/home/dashboard');
    await waitFor(() => expect(hub.invoked.filter((i) => i.method === 'GetConnectedUserIds')).toHaveLength(1));
    // The server went away and the official client's reconnect delays ran out: it is closed.
    online = [3];
    act(() => hub.setState('disconnected'));
    await waitFor(() => expect(hub.client.start).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(hub.invoked.filter((i) => i.method === 'GetConnectedUserIds')).toHaveLength(2));
    expect(hub.client.stop).not.toHaveBeenCalled();
  });
});
