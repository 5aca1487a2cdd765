import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { getHeaderNotifications } from '@servicedesk/api/notifications/get-header-notifications';
import { getHeaderNotificationById } from '@servicedesk/api/notifications/get-header-notification-by-id';
import { readHeaderNotificationById } from '@servicedesk/api/notifications/read-header-notification-by-id';
import { readAllHeaderNotifications } from '@servicedesk/api/notifications/read-all-header-notifications';
import { useHubEvent } from '../../realtime/RealtimeProvider';
import { useNotificationEnvironment } from './notification-environment';

/** One tab's loaded rows and its server total (for load more). */
interface TabState {
  items: Notification[];
  total: number;
}

export interface HeaderNotificationsState {
  unread: TabState;
  read: TabState;
  /** The badge count (all unread, search ignored). */
  unreadCount: number;
}

const empty: HeaderNotificationsState = { unread: { items: [], total: 0 }, read: { items: [], total: 0 }, unreadCount: 0 };

const byDateDesc = (a: Notification, b: Notification) => b.createDate.localeCompare(a.createDate) || b.id - a.id;

/** Moves `ids` (all unread ones when null) from the Unread to the Read list in createDate order. */
function moveToRead(state: HeaderNotificationsState, ids: Set<number> | null): HeaderNotificationsState {
  const moving = state.unread.items.filter((n) => ids === null || ids.has(n.id));
  if (ids !== null && moving.length === 0) return state;
  const known = new Set(state.read.items.map((n) => n.id));
  const read = [...state.read.items, ...moving.filter((n) => !known.has(n.id)).map((n) => ({ ...n, isRead: true }))].sort(byDateDesc);
  if (ids === null) {
    return { unread: { items: [], total: 0 }, read: { items: read, total: state.read.total + state.unread.total }, unreadCount: 0 };
  }
  const count = moving.length;
  return {
    unread: { items: state.unread.items.filter((n) => !ids.has(n.id)), total: Math.max(0, state.unread.total - count) },
    read: { items: read, total: state.read.total + count },
    unreadCount: Math.max(0, state.unreadCount - count),
  };
}

/**
 * The header notifications of SPEC §4: both tabs' first pages (and again on a search by user
 * name), load more per tab, read one / read all on the server and in the lists (telling the
 * other tabs), and the live side: an id pushed as ReceiveNotification on the tab's hub
 * connection is fetched and put on top with the
 * counts raised and a sound; readNotification / readAllNotification / newNotification from
 * other tabs update this tab's lists without calling the server again.
 */
export function useHeaderNotifications() {
  const client = useApiClient();
  const env = useNotificationEnvironment();
  const [state, setState] = useState<HeaderNotificationsState>(empty);
  const [search, setSearch] = useState('');
  const generation = useRef(0);
  /** The latest state, for the push handler's duplicate check outside a state update. */
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const load = useCallback(
    async (text: string) => {
      const mine = ++generation.current;
      const query = text ? { search: text } : {};
      const [unread, read] = await Promise.all([
        getHeaderNotifications(client, { skipCount: 0, isRead: false, ...query }),
        getHeaderNotifications(client, { skipCount: 0, isRead: true, ...query }),
      ]);
      if (mine !== generation.current) return;
      setState({
        unread: { items: unread.notifications, total: unread.totalCnt },
        read: { items: read.notifications, total: read.totalCnt },
        unreadCount: read.unreadCnt,
      });
    },
    [client],
  );

  useEffect(() => {
    load(search).catch(() => {});
  }, [load, search]);

  const loadMore = useCallback(
    async (tab: 'unread' | 'read') => {
      const mine = generation.current;
      const page = await getHeaderNotifications(client, {
        skipCount: state[tab].items.length,
        isRead: tab === 'read',
        ...(search ? { search } : {}),
      });
      if (mine !== generation.current) return;
      setState((s) => {
        const known = new Set(s[tab].items.map((n) => n.id));
        return {
          ...s,
          [tab]: { items: [...s[tab].items, ...page.notifications.filter((n) => !known.has(n.id))], total: page.totalCnt },
          unreadCount: page.unreadCnt,
        };
      });
    },
    [client, search, state],
  );

  /** Clicking one (SPEC §4): an unread one is marked read first; both open the redirect URL. */
  const open = useCallback(
    async (n: Notification) => {
      if (!n.isRead) {
        await readHeaderNotificationById(client, n.id);
        setState((s) => moveToRead(s, new Set([n.id])));
        env.getBus().post({ type: 'readNotification', id: n.id });
      }
      if (n.redirectUrl) env.openInNewTab(n.redirectUrl);
    },
    [client, env],
  );

  /** Read all (SPEC §4): only when an unread one exists. */
  const readAll = useCallback(async () => {
    if (state.unreadCount === 0 && state.unread.items.length === 0) return;
    await readAllHeaderNotifications(client);
    setState((s) => moveToRead(s, null));
    env.getBus().post({ type: 'readAllNotification' });
  }, [client, env, state.unreadCount, state.unread.items.length]);

  const addById = useCallback(
    async (id: number, withSound: boolean) => {
      const known = (s: HeaderNotificationsState) =>
        s.unread.items.some((x) => x.id === id) || s.read.items.some((x) => x.id === id);
      if (known(latest.current)) return;
      const n = await getHeaderNotificationById(client, id);
      if (n.isRead || known(latest.current)) return;
      latest.current = { ...latest.current, unread: { ...latest.current.unread, items: [n, ...latest.current.unread.items] } };
      setState((s) =>
        known(s) ? s : { ...s, unread: { items: [n, ...s.unread.items], total: s.unread.total + 1 }, unreadCount: s.unreadCount + 1 },
      );
      if (withSound) env.playSound();
    },
    [client, env],
  );

  // ReceiveNotification on the tab's one hub connection (apps/web/src/realtime).
  useHubEvent('ReceiveNotification', (id) => {
    if (Number.isInteger(id)) void addById(id, true).catch(() => {});
  });

  useEffect(
    () =>
      env.getBus().subscribe((message) => {
        if (message.type === 'readNotification') setState((s) => moveToRead(s, new Set([message.id])));
        else if (message.type === 'readAllNotification') setState((s) => moveToRead(s, null));
        else if (message.type === 'newNotification') void addById(message.id, false).catch(() => {});
      }),
    [env, addById],
  );

  return {
    ...state,
    hasMoreUnread: state.unread.items.length < state.unread.total,
    hasMoreRead: state.read.items.length < state.read.total,
    search,
    setSearch,
    loadMore,
    open,
    readAll,
  };
}

// The space may be gone: a browser trims "(N) " when the page's own title is empty.
const PREFIX = /^\(\d+\+?\)(?: |$)/;

/** SPEC §4: "(N) " / "(99+) " before the page title while N > 0; removed at zero. Keeps it when pages change the title. */
export function useTitlePrefix(count: number): void {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(PREFIX, '');
      const next = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
      if (document.title !== next) document.title = next;
    };
    apply();
    const titleEl = document.querySelector('title');
    if (!titleEl || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(apply);
    observer.observe(titleEl, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(PREFIX, '');
    };
  }, [count]);
}
