import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '@servicedesk/api/provider';
import { buildResources, createI18n } from '@servicedesk/i18n';
import type { CrossTabBus, CrossTabMessage } from '@servicedesk/realtime/cross-tab';
import { NotificationBell } from './NotificationBell';
import { NotificationEnvironmentProvider, type NotificationEnvironment } from './notification-environment';
import * as notificationTexts from './notification-html';
import { loadNotificationSanitizer, notificationHtml } from './notification-html';
import { RealtimeValueProvider } from '../../realtime/RealtimeProvider';
import { createFakeHub } from '../../../test/fake-hub';
import { checkedApiClient, mockServerForFile } from '../../../test/render-app';

// Each test starts from the notification fixtures as they are (reading one changes them).
const server = mockServerForFile({ freshEachTest: true, listen: { onUnhandledFrame: 'error' } });

/** A bus whose "other tabs" are the test: `posted` is what this tab told them, `receive` delivers to it. */
function fakeBus() {
  const handlers = new Set<(m: CrossTabMessage) => void>();
  const posted: CrossTabMessage[] = [];
  const bus: CrossTabBus = {
    post: (m) => void posted.push(m),
    subscribe: (h) => {
      handlers.add(h);
      return () => void handlers.delete(h);
    },
    close: () => handlers.clear(),
  };
  return { bus, posted, receive: (m: CrossTabMessage) => act(() => handlers.forEach((h) => h(m))) };
}

function renderBell() {
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  const api = checkedApiClient({ baseUrl: 'http://localhost/api', getToken: () => 'token', getLanguage: () => 'en' });
  const bus = fakeBus();
  const hub = createFakeHub();
  const env: NotificationEnvironment & { opened: string[]; sounds: number } = {
    opened: [],
    sounds: 0,
    getBus: () => bus.bus,
    playSound: () => void env.sounds++,
    openInNewTab: (url) => void env.opened.push(url),
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ApiProvider client={api}>
        <RealtimeValueProvider value={{ hub: hub.client, state: 'connected' }}>
          <NotificationEnvironmentProvider value={env}>
            <NotificationBell />
          </NotificationEnvironmentProvider>
        </RealtimeValueProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { ...view, bus, env, i18n, hub };
}

// hidden: true — while the popover is open RAC hides the rest of the page from assistive tech.
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });
const openPanel = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
};
const rows = (dialog: HTMLElement) => within(within(dialog).getByRole('tabpanel')).queryAllByRole('listitem');

describe('the notification bell (SPEC §2, §4)', () => {
  beforeEach(() => {
    document.title = 'ServiceDesk';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the unread count on the badge and in the page title, and the first page of the Unread tab', async () => {
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    // The title follows the counts in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('(12) ServiceDesk'));
    const dialog = await openPanel(user);
    expect(rows(dialog)).toHaveLength(10);
    expect(rows(dialog)[0]).toHaveTextContent('Request #1042 “Printer” was assigned to you.');
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(12));
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('makes the texts (sanitised HTML, dates) only when the panel opens, not at every answer while it is closed', async () => {
    const made = vi.spyOn(notificationTexts, 'notificationHtml');
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    await loadNotificationSanitizer();
    await waitFor(() => expect(document.title).toBe('(12) ServiceDesk'));
    expect(made).not.toHaveBeenCalled();
    const dialog = await openPanel(user);
    expect(rows(dialog)).toHaveLength(10);
    expect(made).toHaveBeenCalled();
  });

  it('clicking an unread one reads it on the server, moves it to Read in date order, opens its URL and tells other tabs', async () => {
    const user = userEvent.setup();
    const { env, bus } = renderBell();
    const dialog = await openPanel(user);
    await waitFor(() => expect(rows(dialog)).toHaveLength(10));
    await user.click(rows(dialog)[0]!.querySelector('button')!);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 11'));
    // The title follows the counts in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('(11) ServiceDesk'));
    expect(env.opened).toEqual(['/home/helpdesk/requests']);
    expect(bus.posted).toEqual([{ type: 'readNotification', id: 1 }]);
    expect(rows(dialog).map((r) => r.querySelector('button')!.dataset.notificationId)).not.toContain('1');
    await user.click(within(dialog).getByRole('tab', { name: 'Read' }));
    // id 1 is the newest of all: first in the Read list, above the three read fixtures 13–15.
    const ids = rows(dialog).map((r) => r.querySelector('button')!.dataset.notificationId);
    expect(ids).toEqual(['1', '13', '14', '15']);
    // A read one only opens its URL.
    await user.click(rows(dialog)[1]!.querySelector('button')!);
    expect(env.opened).toHaveLength(2);
    expect(bus.posted).toHaveLength(1);
  });

  it('read all empties the Unread tab, zeroes the count, drops the title prefix and tells other tabs', async () => {
    const user = userEvent.setup();
    const { bus } = renderBell();
    const dialog = await openPanel(user);
    await waitFor(() => expect(rows(dialog)).toHaveLength(10));
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    // The title follows the counts in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('ServiceDesk'));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('No notifications yet');
    expect(bus.posted).toEqual([{ type: 'readAllNotification' }]);
  });

  it('a pushed id is fetched and put on top, the counts rise and a sound plays', async () => {
    const user = userEvent.setup();
    const { env, hub } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    act(() => hub.emit('ReceiveNotification', 100));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13'));
    // The title follows the counts in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('(13) ServiceDesk'));
    expect(env.sounds).toBe(1);
    const dialog = await openPanel(user);
    expect(rows(dialog)[0]).toHaveTextContent('Your password was changed');
    // The same id again changes nothing: a known id is dropped at once, before any fetch.
    const fetched: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const id = /\/GetHeaderNotificationById\/(\d+)$/.exec(new URL(request.url).pathname)?.[1];
      if (id) fetched.push(id);
    });
    const markerAnswered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (request.url.endsWith('/GetHeaderNotificationById/999')) resolve();
      }),
    );
    act(() => hub.emit('ReceiveNotification', 100));
    // Shows the absence by the event after it: an id nobody knows, pushed next, is fetched (the
    // server answers 404). Both pushes take the same way to the server, so a wrong fetch of 100
    // would have started before the marker's; once the marker is answered, none did.
    act(() => hub.emit('ReceiveNotification', 999));
    await markerAnswered;
    expect(fetched).toEqual(['999']);
    expect(bell()).toHaveAccessibleName('Notifications, 13');
  });

  it('follows other tabs: readNotification and readAllNotification', async () => {
    const { bus } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 12'));
    bus.receive({ type: 'readNotification', id: 2 });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 11'));
    bus.receive({ type: 'readAllNotification' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    // The title follows the counts in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('ServiceDesk'));
  });

  it('searches by user name after the debounce', async () => {
    const user = userEvent.setup();
    renderBell();
    const dialog = await openPanel(user);
    await waitFor(() => expect(rows(dialog)).toHaveLength(10));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search by user name' }), 'leyla');
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(rows(dialog).every((r) => r.textContent?.includes('Leyla Hüseynova'))).toBe(true);
  });

  it('shows 99+ in the title above 99', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      userId: 1,
      userName: 'Rəşad Əliyev',
      userImg: null,
      createDate: new Date(Date.UTC(2026, 10, 21, 0, i)).toISOString(),
      desc: 'notifications.passwordChanged',
      jsonData: null,
      isRead: false,
      redirectUrl: null,
    }));
    const { createNotificationHandlers } = await import('@servicedesk/api/notifications/notifications.handlers');
    server.resetHandlers(...createNotificationHandlers(many));
    renderBell();
    await waitFor(() => expect(document.title).toBe('(99+) ServiceDesk'));
    expect(bell()).toHaveAccessibleName('Notifications, 99+');
  });
});

describe('notification text (SPEC §3: translated HTML, sanitised)', () => {
  it('is plain escaped text, never markup, until DOMPurify has loaded; then keeps the allowed tags', async () => {
    vi.resetModules();
    const fresh = await import('./notification-html');
    const i18n = createI18n({ lng: 'en', resources: buildResources() });
    i18n.addResource('en', 'translation', 'notifications.evil', '<b onclick="x()">hi</b> & <img src=x onerror="x()">');
    const n = { desc: 'notifications.evil', jsonData: null };
    expect(fresh.notificationSanitizerReady()).toBe(false);
    expect(fresh.notificationHtml(i18n.t, n, 'en')).toBe('hi &amp; ');
    await fresh.loadNotificationSanitizer();
    expect(fresh.notificationSanitizerReady()).toBe(true);
    expect(fresh.notificationHtml(i18n.t, n, 'en')).toBe('<b>hi</b> &amp; ');
  });

  it('never runs a script or an event handler from a parameter', async () => {
    await loadNotificationSanitizer();
    const i18n = createI18n({ lng: 'en', resources: buildResources() });
    const hits = vi.fn();
    (window as unknown as { __pwned: () => void }).__pwned = hits;
    const html = notificationHtml(
      i18n.t,
      { desc: 'notifications.mentioned', jsonData: { title: '<img src=x onerror="window.__pwned(); document.body.dataset.pwned = 1"><script>window.__pwned()</script>' } },
      'en',
    );
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    expect(host.querySelector('img, script, [onerror]')).toBeNull();
    host.querySelectorAll('*').forEach((el) => el.dispatchEvent(new Event('error')));
    // jsdom loads no image: the error events above are what an inline handler would run on, and
    // dispatchEvent runs inline handlers before it returns — nothing is left to wait for. (In an
    // inline handler `window` is jsdom's own, not this test's; `document` is the page's, so a
    // handler that ran would have marked the body.)
    expect(hits).not.toHaveBeenCalled();
    expect(document.body.dataset.pwned).toBeUndefined();
    expect(host.textContent).toContain('You were mentioned in');
    host.remove();
  });

  it('keeps the bold markup of the translation and strips attributes even from a tampered translation', async () => {
    await loadNotificationSanitizer();
    const i18n = createI18n({ lng: 'en', resources: buildResources() });
    const html = notificationHtml(i18n.t, { desc: 'notifications.requestApproved', jsonData: { requestNo: 7 } }, 'en');
    expect(html).toBe('Your request <b>#7</b> was approved.');
    i18n.addResource('en', 'translation', 'notifications.evil', '<b onclick="x()">hi</b><iframe src="javascript:x()"></iframe>');
    expect(notificationHtml(i18n.t, { desc: 'notifications.evil', jsonData: null }, 'en')).toBe('<b>hi</b>');
  });

  it('shows calendar-date parameters as days in the reader’s language, never as ISO text', () => {
    const i18n = createI18n({ lng: 'az', resources: buildResources() });
    const n = { desc: 'notifications.approvals.delegationCreated', jsonData: { user: 'Rəşad Əliyev', from: '2026-12-01', to: '2026-12-05' } };
    const az = notificationHtml(i18n.t, n, 'az');
    expect(az).toContain('01.12.2026');
    expect(az).toContain('05.12.2026');
    expect(az).not.toContain('2026-12-01');
    void i18n.changeLanguage('en');
    expect(notificationHtml(i18n.t, n, 'en')).toContain('12/01/2026');
  });
});
