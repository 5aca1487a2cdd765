import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button as RACButton, Input, TextField } from 'react-aria-components';
import { Avatar } from '../Avatar';
import { formatCount } from '../Badge';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { ControlAvatar } from './ControlAvatar';
import { formatChatTime, showTimeFlags } from './grouping';
import * as styles from './ChatPopup.css';

/** The person a popup talks to (SPEC §3 "Chat user"). */
export interface ChatPartner {
  id: number;
  name: string;
  /** Photo URL or null (initials). */
  img: string | null;
  positionName: string | null;
  /** Connected to the hub right now (green dot) or not (warning colour). */
  isOnline: boolean;
}

/** A message as the popup shows it (SPEC §3 "Chat message (display)"). */
export interface ChatPopupMessage {
  id: number | string;
  text: string;
  senderId: number;
  /** Sent by the signed-in user (right side) or by the partner. */
  mine: boolean;
  /** When it was sent: Date or ISO string; shown as HH:mm on the last of a group. */
  date: Date | string;
}

/** Every text of the popup, already translated. */
export interface ChatPopupLabels {
  /** Bubble button name, e.g. "Open chat with Rəşad Əliyev". */
  open: string;
  minimise: string;
  close: string;
  /** Accessible name of the message input. */
  message: string;
  /** Placeholder of the message input. */
  placeholder: string;
  send: string;
  online: string;
  offline: string;
  /**
   * The unread count in the bubble's name, given the count AS SHOWN on the badge ("3", "99+"), e.g.
   * "3 unread messages": the name contains the visible count (WCAG 2.5.3 Label in Name).
   */
  unread: (count: string) => string;
  /** The button that loads earlier messages. */
  loadEarlier: string;
  /** Shown when the conversation has no message. */
  noMessages: string;
}

export interface ChatPopupProps {
  partner: ChatPartner;
  /** 'bubble' = the collapsed round avatar; 'open' = the 320 px panel (full screen on narrow screens). */
  mode: 'bubble' | 'open';
  /** The conversation, oldest first. */
  messages: readonly ChatPopupMessage[];
  /** Unread messages from the partner, on the bubble (99+ above 99). @default 0 */
  unreadCount?: number;
  labels: ChatPopupLabels;
  /** The bubble was clicked: open the panel (the caller resets the unread count, SPEC §4). */
  onOpen: () => void;
  /** The panel's minimise button: back to the bubble (the caller resets the unread count). */
  onMinimise: () => void;
  /** The panel's or bubble's close: the popup goes away. */
  onClose: () => void;
  /** Send pressed or Enter: called with the trimmed, non-blank text; the input then clears. */
  onSend: (text: string) => void;
  /** Earlier messages exist on the server. @default false */
  hasEarlier?: boolean;
  /** Loads the earlier page (shown as a button above the messages while `hasEarlier`). */
  onLoadEarlier?: () => void;
}

/**
 * The staff chat popup (SPEC §2 "Chat popup", §4 "Chat", §9), fixed at the bottom right:
 * - `bubble`: the partner's round avatar with the unread count and an online dot (green online,
 *   warning colour offline); clicking it opens the panel. Its name is "<open>, <unread>, <online>";
 *   the avatar inside is decorative ({@link ControlAvatar}: initials as generated content) and the
 *   badge's text ("99+") is part of the name, so the name contains all visible text (WCAG 2.5.3);
 * - `open`: a 320 px panel with a header (name, position, minimise, close), a 300 px message list
 *   (one sender's messages within 2 minutes grouped, only the last showing HH:mm) and an input
 *   whose send button is disabled while the text is blank; Enter sends; texts are trimmed.
 *   On screens up to 600 px wide the panel is full screen.
 * The transient toast is {@link ChatToast}; render it next to the popup.
 */
export function ChatPopup({
  partner,
  mode,
  messages,
  unreadCount = 0,
  labels,
  onOpen,
  onMinimise,
  onClose,
  onSend,
  hasEarlier = false,
  onLoadEarlier,
}: ChatPopupProps) {
  if (mode === 'bubble') {
    return (
      <div className={styles.dock} data-testid="chat-popup" data-mode="bubble">
        <RACButton
          className={styles.bubble}
          onPress={onOpen}
          aria-label={[
            labels.open,
            unreadCount > 0 ? labels.unread(formatCount(unreadCount)) : '',
            partner.isOnline ? labels.online : labels.offline,
          ]
            .filter(Boolean)
            .join(', ')}
        >
          <ControlAvatar src={partner.img} name={partner.name} size="lg" />
          {unreadCount > 0 && (
            <span className={styles.count} data-testid="chat-unread" aria-hidden="true">
              {formatCount(unreadCount)}
            </span>
          )}
          <span
            className={`${styles.dot} ${styles.bubbleDot}`}
            data-online={partner.isOnline}
            data-testid="chat-online-dot"
            aria-hidden="true"
          />
        </RACButton>
      </div>
    );
  }
  return (
    <div className={styles.dock} data-testid="chat-popup" data-mode="open">
      <section className={styles.panel} aria-label={partner.name}>
        <header className={styles.header}>
          <Avatar src={partner.img} name={partner.name} size="sm" />
          <div className={styles.who}>
            <span className={styles.name}>
              {partner.name}{' '}
              <span
                className={styles.dot}
                data-online={partner.isOnline}
                role="img"
                aria-label={partner.isOnline ? labels.online : labels.offline}
              />
            </span>
            {partner.positionName && <span className={styles.position}>{partner.positionName}</span>}
          </div>
          <RACButton className={styles.iconButton} onPress={onMinimise} aria-label={labels.minimise}>
            <Icon name="chevron-down" size="sm" />
          </RACButton>
          <RACButton className={styles.iconButton} onPress={onClose} aria-label={labels.close}>
            <Icon name="x" size="sm" />
          </RACButton>
        </header>
        <MessageList
          messages={messages}
          labels={labels}
          hasEarlier={hasEarlier}
          onLoadEarlier={onLoadEarlier}
        />
        <Composer labels={labels} onSend={onSend} />
      </section>
    </div>
  );
}

function MessageList({
  messages,
  labels,
  hasEarlier,
  onLoadEarlier,
}: Pick<ChatPopupProps, 'messages' | 'labels' | 'hasEarlier' | 'onLoadEarlier'>) {
  const ref = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const previous = useRef<{ firstId: unknown; height: number }>({ firstId: undefined, height: 0 });
  // New message at the end → scroll to the bottom; earlier page prepended → keep the view still.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (previous.current.firstId !== undefined && previous.current.firstId !== firstId && el.scrollTop < 50) {
      el.scrollTop = el.scrollHeight - previous.current.height;
    } else {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, height: el.scrollHeight };
  }, [lastId, firstId]);
  const flags = showTimeFlags(messages);
  return (
    // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <ol className={styles.list} ref={ref} aria-label={labels.message} data-testid="chat-messages" tabIndex={0}>
      {hasEarlier && onLoadEarlier && (
        <li style={{ alignSelf: 'center' }}>
          <button type="button" className={styles.loadEarlier} onClick={onLoadEarlier}>
            {labels.loadEarlier}
          </button>
        </li>
      )}
      {messages.length === 0 && <li className={styles.empty}>{labels.noMessages}</li>}
      {messages.map((m, i) => (
        <li key={m.id} className={styles.message} data-mine={m.mine} data-last={flags[i]}>
          <span className={styles.text}>{m.text}</span>
          {flags[i] && (
            <time className={styles.time} dateTime={new Date(m.date).toISOString()}>
              {formatChatTime(m.date)}
            </time>
          )}
        </li>
      ))}
    </ol>
  );
}

function Composer({ labels, onSend }: Pick<ChatPopupProps, 'labels' | 'onSend'>) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // The panel opens to type: focus the input once (SPEC §2 "an input with a send button").
  useEffect(() => inputRef.current?.focus(), []);
  const blank = text.trim() === '';
  const send = () => {
    if (blank) return;
    onSend(text.trim());
    setText('');
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <TextField aria-label={labels.message} value={text} onChange={setText} maxLength={2000} style={{ flex: 1, display: 'flex' }}>
        <Input className={styles.input} placeholder={labels.placeholder} onKeyDown={onKeyDown} ref={inputRef} />
      </TextField>
      <Button type="submit" size="sm" isDisabled={blank}>
        {labels.send}
      </Button>
    </form>
  );
}

/** Chat toast visibility (SPEC §9): shown for 2000 ms, then a 300 ms fade. */
export const CHAT_TOAST_MS = 2000;
export const CHAT_TOAST_FADE_MS = 300;

export interface ChatToastProps {
  /** The sender's name (first line). */
  title: string;
  /** The message text (clamped to two lines). */
  text: string;
  /** The sender's photo URL or null. @default null */
  img?: string | null;
  /** Clicking the toast (SPEC §2: the app goes to /home/news). */
  onClick: () => void;
  /** Called when the fade has ended; the caller unmounts the toast. */
  onDone: () => void;
}

/**
 * The transient chat toast (SPEC §2 mode 3, §4, §9): the latest message's sender and text, shown
 * for {@link CHAT_TOAST_MS} ms, then fading for {@link CHAT_TOAST_FADE_MS} ms, then `onDone`.
 * Re-mount it (change its `key`) for a newer message to restart the timers. Fixed at the bottom
 * right above the popup.
 */
export function ChatToast({ title, text, img = null, onClick, onDone }: ChatToastProps) {
  const [fading, setFading] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), CHAT_TOAST_MS);
    const end = setTimeout(() => done.current(), CHAT_TOAST_MS + CHAT_TOAST_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
  }, []);
  return (
    <div className={styles.dock} style={{ bottom: '6rem' }} role="status">
      <RACButton className={styles.toast} onPress={onClick} data-fading={fading} data-testid="chat-toast">
        <Avatar src={img} name={title} size="sm" />
        <span>
          <strong>{title}</strong>
          <span className={styles.toastText}>{text}</span>
        </span>
      </RACButton>
    </div>
  );
}
