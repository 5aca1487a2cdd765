import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import axe from 'axe-core';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChatPopup, ChatToast, type ChatPopupLabels, type ChatPopupMessage } from './ChatPopup';
import { ChatUserList, type ChatListUser } from './ChatUserList';

const labels: ChatPopupLabels = {
  open: 'Open chat with Rəşad Əliyev',
  minimise: 'Minimise',
  close: 'Close',
  message: 'Message',
  placeholder: 'Type a message…',
  send: 'Send',
  online: 'Online',
  offline: 'Offline',
  unread: (n) => `${n} unread messages`,
  loadEarlier: 'Earlier messages',
  noMessages: 'No messages yet',
};
const partner = { id: 2, name: 'Rəşad Əliyev', img: null, positionName: 'İT mütəxəssisi', isOnline: true };
const base = new Date(2026, 10, 22, 9, 0);
const minutes = (m: number) => new Date(base.getTime() + m * 60_000);
const conversation: ChatPopupMessage[] = [
  { id: 1, senderId: 2, mine: false, text: 'Salam! Printer yenə işləmir.', date: minutes(0) },
  { id: 2, senderId: 2, mine: false, text: 'Üçüncü mərtəbədəki.', date: minutes(1) },
  { id: 3, senderId: 1, mine: true, text: 'Salam, 10 dəqiqəyə baxıram.', date: minutes(3) },
  { id: 4, senderId: 1, mine: true, text: 'Düzəldi, yoxlayın.', date: minutes(15) },
];

/**
 * WCAG 2.5.3 Label in Name, proven in the browser: axe's label-content-name-mismatch finds no
 * violation in `root`, AND it did check `expectedChecked` aria-labelled buttons there (so the
 * proof cannot pass by checking nothing). The test-runner's own axe scan runs it again afterwards.
 */
async function expectLabelInName(root: Element, expectedChecked: number) {
  // axe measures text to tell icon ligatures from words: measure with the real fonts.
  await document.fonts.ready;
  const result = await axe.run(root, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } });
  await expect(result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await expect(result.passes.flatMap((p) => p.nodes)).toHaveLength(expectedChecked);
}

/** The initials a ControlAvatar draws (CSS generated content, not text). */
const drawnInitials = (el: Element) => getComputedStyle(el, '::before').content;

/**
 * A fake hub (REALTIME.md: stories never connect): `push` plays a ReceiveMessage from the partner,
 * `send` echoes nothing back; the popup reacts as the web app wires it (bubble, unread, toast).
 */
function createFakeHub() {
  const listeners = new Set<(m: ChatPopupMessage) => void>();
  let id = 100;
  return {
    on: (listener: (m: ChatPopupMessage) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    push: (text: string) => {
      const m = { id: ++id, senderId: partner.id, mine: false, text, date: new Date() };
      for (const l of listeners) l(m);
    },
  };
}

/** The popup the way the home layout drives it, on a fake hub. */
function LiveChat({ hub, onToastClick }: { hub: ReturnType<typeof createFakeHub>; onToastClick: () => void }) {
  const [mode, setMode] = useState<'closed' | 'bubble' | 'open'>('closed');
  const [messages, setMessages] = useState<ChatPopupMessage[]>(conversation);
  const [unread, setUnread] = useState(0);
  const [toast, setToast] = useState<ChatPopupMessage | null>(null);
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  useEffect(
    () =>
      hub.on((m) => {
        setMessages((all) => [...all, m]);
        if (modeRef.current === 'open') return;
        setMode('bubble');
        setUnread((n) => n + 1);
        setToast(m);
      }),
    [hub],
  );
  return (
    <>
      <button type="button" onClick={() => hub.push('Yeni mesaj gəldi')}>
        Push a message
      </button>
      {mode !== 'closed' && (
        <ChatPopup
          partner={partner}
          mode={mode}
          messages={messages}
          unreadCount={unread}
          labels={labels}
          onOpen={() => (setMode('open'), setUnread(0))}
          onMinimise={() => (setMode('bubble'), setUnread(0))}
          onClose={() => setMode('closed')}
          onSend={(text) => setMessages((all) => [...all, { id: Date.now(), senderId: 1, mine: true, text, date: new Date() }])}
        />
      )}
      {toast && (
        <ChatToast key={toast.id} title={partner.name} text={toast.text} onClick={onToastClick} onDone={() => setToast(null)} />
      )}
    </>
  );
}

const meta = {
  title: 'Chat/ChatPopup',
  component: ChatPopup,
  args: {
    partner,
    mode: 'open',
    messages: conversation,
    unreadCount: 0,
    labels,
    onOpen: fn(),
    onMinimise: fn(),
    onClose: fn(),
    onSend: fn(),
  },
  parameters: {
    layout: 'fullscreen',
  },
} satisfies Meta<typeof ChatPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mode 1: the bubble with the unread count and the online dot; its name holds all its visible text. */
export const Bubble: Story = {
  args: { mode: 'bubble', unreadCount: 3 },
  play: async ({ canvasElement, args }) => {
    const bubble = within(canvasElement).getByRole('button', { name: 'Open chat with Rəşad Əliyev, 3 unread messages, Online' });
    await expect(within(canvasElement).getByTestId('chat-unread')).toHaveTextContent('3');
    // The initials are still drawn, as generated content outside the name computation.
    await expect(drawnInitials(within(canvasElement).getByTestId('control-avatar'))).toBe('"RƏ"');
    await expectLabelInName(canvasElement, 1);
    await userEvent.click(bubble);
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};

/** Mode 1, offline partner, more than 99 unread. */
export const BubbleOfflineMany: Story = {
  args: { mode: 'bubble', unreadCount: 150, partner: { ...partner, isOnline: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('chat-unread')).toHaveTextContent('99+');
    await expect(within(canvasElement).getByRole('button', { name: 'Open chat with Rəşad Əliyev, 99+ unread messages, Offline' })).toBeVisible();
    await expectLabelInName(canvasElement, 1);
    await expect(within(canvasElement).getByTestId('chat-online-dot')).toHaveAttribute('data-online', 'false');
  },
};

/** Mode 2: the panel; grouped messages, blank text cannot be sent, Enter sends trimmed text. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await expect(canvas.getByText('09:01')).toBeInTheDocument();
    await expect(canvas.queryByText('09:00')).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), '  Təşəkkürlər  {Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Təşəkkürlər');
    await userEvent.click(canvas.getByRole('button', { name: 'Minimise' }));
    await expect(args.onMinimise).toHaveBeenCalledOnce();
  },
};

/** Mode 2 on a phone: the panel fills the screen. */
export const OpenOnMobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Rəşad Əliyev' });
    await expect(panel).toBeVisible();
    // The test-runner gives this story the phone's 320 × 568: the panel takes all of it.
    const box = panel.getBoundingClientRect();
    await expect(Math.round(box.width)).toBe(window.innerWidth);
    await expect(Math.round(box.height)).toBe(window.innerHeight);
  },
};

/** Mode 3 on a fake hub: a message for a closed popup opens the bubble, counts it and shows the toast, which fades away. */
export const IncomingOnFakeHub: Story = {
  render: () => <LiveChat hub={createFakeHub()} onToastClick={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Push a message' }));
    const toast = await screen.findByTestId('chat-toast');
    await expect(toast).toHaveTextContent('Yeni mesaj gəldi');
    await expect(canvas.getByTestId('chat-unread')).toHaveTextContent('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Push a message' }));
    await expect(canvas.getByTestId('chat-unread')).toHaveTextContent('2');
    await waitFor(() => expect(screen.queryByTestId('chat-toast')).toBeNull(), { timeout: 4000 });
    await userEvent.click(canvas.getByRole('button', { name: /Open chat with Rəşad Əliyev/ }));
    await expect(canvas.getByRole('region', { name: 'Rəşad Əliyev' })).toBeVisible();
    await expect(canvas.getAllByText('Yeni mesaj gəldi')).toHaveLength(2);
  },
};

const listUsers: ChatListUser[] = [
  { ...partner, unreadCount: 2 },
  { id: 3, name: 'Günel Həsənova', img: null, positionName: 'Qrup rəhbəri', isOnline: false, unreadCount: 0 },
  { id: 4, name: 'Tural İsmayıllı', img: null, positionName: null, isOnline: true, unreadCount: 0 },
];

/** The online (green dot) and offline (warning colour) lists. */
export const UserLists: Story = {
  render: () => (
    <div style={{ padding: 16, maxWidth: 320 }}>
      <ChatUserList
        users={listUsers}
        onSelect={fn()}
        labels={{ online: 'Online', offline: 'Offline', empty: 'No users', unread: labels.unread }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('region', { name: 'Online (2)' })).getAllByRole('button')).toHaveLength(2);
    // Each row's name is its visible text: name, position, unread count.
    await expect(canvas.getByRole('button', { name: 'Rəşad Əliyev, İT mütəxəssisi, 2 unread messages' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Günel Həsənova, Qrup rəhbəri' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tural İsmayıllı' })).toBeVisible();
    await expectLabelInName(canvasElement, 3);
  },
};
