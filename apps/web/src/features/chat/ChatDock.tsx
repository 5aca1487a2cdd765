import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button as RACButton } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ListedUser } from '@servicedesk/contracts';
import { useUserLists } from '@servicedesk/api/global/get-user-lists';
import { useChatHistory } from '@servicedesk/api/chat/get-chat-history';
import { useMarkChatRead } from '@servicedesk/api/chat/mark-chat-read';
import { chatKeys } from '@servicedesk/api/chat/chat-keys';
import { toChatPayload } from '@servicedesk/realtime/events';
import { ChatPopup, ChatToast, type ChatPopupMessage } from '@servicedesk/ui/ChatPopup';
import { ChatUserList } from '@servicedesk/ui/ChatPopup';
import { formatCount } from '@servicedesk/ui/Badge';
import { Icon } from '@servicedesk/ui/Icon';
import { storage } from '../../session/storage';
import { useHubEvent, useRealtime } from '../../realtime/RealtimeProvider';
import { useChatEnvironment } from './chat-environment';
import * as s from './chat.css';

/** ReceiveMessage's JSON as our hub sends it (SPEC's senderId + message, plus id, receiverId, createdAt). */
export function parseIncoming(json: string): ChatMessage | null {
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    if (typeof v.message !== 'string' || typeof v.senderId !== 'number') throw new Error('shape');
    return {
      id: typeof v.id === 'number' ? v.id : Date.now(),
      senderId: v.senderId,
      receiverId: typeof v.receiverId === 'number' ? v.receiverId : -1,
      text: v.message,
      createdAt: typeof v.createdAt === 'string' ? v.createdAt : new Date().toISOString(),
    };
  } catch {
    console.warn('[chat] ReceiveMessage payload is not a chat message', json);
    return null;
  }
}

type Mode = 'bubble' | 'open';

/**
 * The staff chat of the home layout (SPEC §2 "Chat popup", §4 "Chat", §7 hub, §9):
 * - uses the tab's one hub connection ({@link useRealtime}, held by the signed-in layouts): its
 *   online ids (GetConnectedUserIds, then UserConnected/UserDisconnected) split the users into
 *   the online and offline lists; before the first answer a user's isActive stands in;
 * - a launcher button (bottom right) lists colleagues from getUserLists; choosing one opens the
 *   popup, whose earlier messages load from /api/chat/history;
 * - ReceiveMessage from a user whose popup is not open opens the bubble for them, raises their
 *   unread count, plays a sound and shows the toast (click → /home/news);
 * - opening or collapsing a popup resets that user's unread count (and marks it read on the server);
 * - sending invokes SendMessageToUserByUserId with the trimmed text;
 * - `?chat=<userId>` (where a chat-mention notification leads) opens that conversation.
 */
export function ChatDock() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const env = useChatEnvironment();
  const me = storage.getUser()?.id ?? 0;
  const lists = useUserLists();
  const markRead = useMarkChatRead();

  const [unread, setUnread] = useState<Map<number, number>>(new Map());
  const [popup, setPopup] = useState<{ partnerId: number; mode: Mode } | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<(ChatPopupMessage & { receiverId: number })[]>([]);
  const [toast, setToast] = useState<ChatMessage | null>(null);

  // The server's unread counts, once per load of the list.
  const [seededFrom, setSeededFrom] = useState<ListedUser[] | null>(null);
  if (lists.data && lists.data.users !== seededFrom) {
    setSeededFrom(lists.data.users);
    setUnread(new Map(lists.data.users.map((u) => [u.id, u.unreadMessageCount])));
  }

  const popupRef = useRef(popup);
  useEffect(() => {
    popupRef.current = popup;
  }, [popup]);
  const envRef = useRef(env);

  // The tab's one hub connection (apps/web/src/realtime): presence and incoming messages.
  const { hub, online } = useRealtime();
  const receive = (m: ChatMessage) => {
    const mine = m.senderId === me;
    const partnerId = mine ? m.receiverId : m.senderId;
    setLive((all) => (all.some((x) => x.id === m.id) ? all : [...all, m]));
    if (mine) return; // my own message from another tab
    const current = popupRef.current;
    if (current?.partnerId === partnerId && current.mode === 'open') {
      markRead.mutate({ partnerId });
      return;
    }
    if (!current || current.partnerId === partnerId) setPopup({ partnerId, mode: 'bubble' });
    setUnread((prev) => new Map(prev).set(partnerId, (prev.get(partnerId) ?? 0) + 1));
    envRef.current.playSound();
    setToast(m);
  };
  useHubEvent('ReceiveMessage', (json) => {
    const m = parseIncoming(json);
    if (m) receive(m);
  });

  const users = useMemo(
    () =>
      (lists.data?.users ?? []).map((u) => ({
        id: u.id,
        name: u.name,
        img: u.img,
        positionName: u.positionName,
        isOnline: online ? online.has(u.id) : u.isActive,
        unreadCount: unread.get(u.id) ?? 0,
      })),
    [lists.data, online, unread],
  );

  const partner = popup ? users.find((u) => u.id === popup.partnerId) : undefined;
  const history = useChatHistory(popup?.partnerId ?? null);

  const messages = useMemo<ChatPopupMessage[]>(() => {
    if (!popup) return [];
    const pid = popup.partnerId;
    const byId = new Map<number, ChatMessage>();
    for (const page of history.data?.pages ?? []) for (const m of page.messages) byId.set(m.id, m);
    for (const m of live)
      if ((m.senderId === pid && m.receiverId === me) || (m.senderId === me && m.receiverId === pid)) byId.set(m.id, m);
    const stored = [...byId.values()]
      .sort((a, b) => a.id - b.id)
      .map((m) => ({ id: m.id, text: m.text, senderId: m.senderId, mine: m.senderId === me, date: m.createdAt }));
    return [...stored, ...pending.filter((p) => p.receiverId === pid)];
  }, [popup, history.data, live, pending, me]);

  function resetUnread(partnerId: number) {
    setUnread((prev) => new Map(prev).set(partnerId, 0));
    markRead.mutate({ partnerId });
  }

  function openWith(partnerId: number) {
    setListOpen(false);
    setPopup({ partnerId, mode: 'open' });
    resetUnread(partnerId);
    // Earlier messages load (fresh) whenever a conversation opens.
    void queryClient.invalidateQueries({ queryKey: chatKeys.history(partnerId) });
  }

  // A chat-mention notification leads to ?chat=<senderId> (server chat.mentions.ts): once the
  // users are known, open that conversation, then drop the parameter.
  const chatParam = searchParams.get('chat');
  const openWithRef = useRef(openWith);
  useEffect(() => {
    openWithRef.current = openWith;
  });
  useEffect(() => {
    if (chatParam === null || !lists.data) return;
    const partnerId = Number(chatParam);
    if (lists.data.users.some((u) => u.id === partnerId)) openWithRef.current(partnerId);
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('chat');
        return next;
      },
      { replace: true },
    );
  }, [chatParam, lists.data, setSearchParams]);

  async function send(text: string) {
    if (!popup || !hub) return;
    const partnerId = popup.partnerId;
    const temp = { id: `pending-${Date.now()}`, text, senderId: me, mine: true, date: new Date(), receiverId: partnerId };
    setPending((all) => [...all, temp]);
    const result = await hub.invoke('SendMessageToUserByUserId', partnerId, toChatPayload(me, text));
    if (result !== null) await queryClient.invalidateQueries({ queryKey: chatKeys.history(partnerId) });
    setPending((all) => all.filter((p) => p.id !== temp.id));
  }

  const totalUnread = users.reduce((n, u) => n + u.unreadCount, 0);
  // The count as shown on a badge ("99+" above 99), so a control's name holds its visible text.
  const unreadLabel = (count: number | string) => t('chat.unreadCount', { count: typeof count === 'number' ? formatCount(count) : count });
  const sender = toast ? users.find((u) => u.id === toast.senderId) : undefined;

  return (
    <>
      {!popup && (
        <div className={s.launcher}>
          {listOpen && (
            <section className={s.listPanel} aria-labelledby="chat-list-title" data-testid="chat-user-lists">
              <h2 className={s.listTitle} id="chat-list-title">
                {t('chat.users')}
              </h2>
              <ChatUserList
                users={users}
                onSelect={openWith}
                labels={{ online: t('chat.online'), offline: t('chat.offline'), empty: t('chat.noUsers'), unread: unreadLabel }}
              />
            </section>
          )}
          <RACButton
            className={s.launcherButton}
            onPress={() => setListOpen((open) => !open)}
            aria-expanded={listOpen}
            aria-label={totalUnread > 0 ? `${t('chat.title')}, ${unreadLabel(totalUnread)}` : t('chat.title')}
          >
            <Icon name="chat" />
            {totalUnread > 0 && (
              <span className={s.launcherCount} aria-hidden="true">
                {formatCount(totalUnread)}
              </span>
            )}
          </RACButton>
        </div>
      )}
      {popup && partner && (
        <ChatPopup
          partner={partner}
          mode={popup.mode}
          messages={messages}
          unreadCount={partner.unreadCount}
          labels={{
            open: t('chat.openChatWith', { name: partner.name }),
            minimise: t('chat.minimise'),
            close: t('chat.close'),
            message: t('chat.messageLabel'),
            placeholder: t('chat.messagePlaceholder'),
            send: t('chat.send'),
            online: t('chat.online'),
            offline: t('chat.offline'),
            unread: unreadLabel,
            loadEarlier: t('chat.loadEarlier'),
            noMessages: t('chat.noMessages'),
          }}
          onOpen={() => openWith(partner.id)}
          onMinimise={() => {
            setPopup({ partnerId: partner.id, mode: 'bubble' });
            resetUnread(partner.id);
          }}
          onClose={() => setPopup(null)}
          onSend={(text) => void send(text)}
          hasEarlier={history.hasNextPage}
          onLoadEarlier={() => void history.fetchNextPage()}
        />
      )}
      {toast && (
        <ChatToast
          key={toast.id}
          title={sender?.name ?? ''}
          img={sender?.img ?? null}
          text={toast.text}
          onClick={() => {
            setToast(null);
            void navigate('/home/news');
          }}
          onDone={() => setToast(null)}
        />
      )}
    </>
  );
}
