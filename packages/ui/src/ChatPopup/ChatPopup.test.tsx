import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ChatPopup, ChatToast, type ChatPopupLabels, type ChatPopupMessage } from './ChatPopup';
import { ChatUserList } from './ChatUserList';
import { showTimeFlags } from './grouping';

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
const at = (h: number, m: number, s = 0) => new Date(2026, 10, 22, h, m, s);
const messages: ChatPopupMessage[] = [
  { id: 1, senderId: 2, mine: false, text: 'Salam', date: at(9, 0) },
  { id: 2, senderId: 2, mine: false, text: 'Printer işləmir', date: at(9, 1, 30) },
  { id: 3, senderId: 1, mine: true, text: 'Baxıram', date: at(9, 2) },
  { id: 4, senderId: 1, mine: true, text: 'Düzəldi', date: at(9, 10) },
];
const handlers = () => ({ onOpen: vi.fn(), onMinimise: vi.fn(), onClose: vi.fn(), onSend: vi.fn() });

afterEach(() => vi.useRealTimers());

describe('ChatPopup', () => {
  it('bubble: the avatar with the unread count (99+ above 99) and the online dot; click opens', async () => {
    const h = handlers();
    const { rerender } = render(<ChatPopup partner={partner} mode="bubble" messages={[]} unreadCount={3} labels={labels} {...h} />);
    const bubble = screen.getByRole('button', { name: 'Open chat with Rəşad Əliyev, 3 unread messages, Online' });
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('3');
    expect(screen.getByTestId('chat-online-dot')).toHaveAttribute('data-online', 'true');
    await expectNoAxeViolations();
    await userEvent.click(bubble);
    expect(h.onOpen).toHaveBeenCalledOnce();
    rerender(<ChatPopup partner={{ ...partner, isOnline: false }} mode="bubble" messages={[]} unreadCount={120} labels={labels} {...h} />);
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('99+');
    // The name holds the count as shown (WCAG 2.5.3 Label in Name); the initials are not text.
    expect(screen.getByRole('button', { name: 'Open chat with Rəşad Əliyev, 99+ unread messages, Offline' })).toBeInTheDocument();
    expect(screen.getByTestId('control-avatar')).toHaveAttribute('data-initials', 'RƏ');
    expect(screen.getByTestId('control-avatar')).toHaveTextContent('');
    expect(screen.getByTestId('chat-online-dot')).toHaveAttribute('data-online', 'false');
    rerender(<ChatPopup partner={partner} mode="bubble" messages={[]} unreadCount={0} labels={labels} {...h} />);
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });

  it('panel: header with name, position, minimise and close; grouped messages show only the last time', async () => {
    const h = handlers();
    render(<ChatPopup partner={partner} mode="open" messages={messages} labels={labels} {...h} />);
    const panel = screen.getByRole('region', { name: 'Rəşad Əliyev' });
    expect(within(panel).getByText('İT mütəxəssisi')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    // 09:00 and 09:01:30 are one group (only 09:01 shows); 09:02 and 09:10 are 8 minutes apart.
    const times = within(screen.getByTestId('chat-messages'))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.textContent ?? null);
    expect(times).toEqual([null, '09:01', '09:02', '09:10']);
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Minimise' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(h.onMinimise).toHaveBeenCalledOnce();
    expect(h.onClose).toHaveBeenCalledOnce();
  });

  it('send is disabled while blank; Enter and the button send the trimmed text and clear the input', async () => {
    const h = handlers();
    render(<ChatPopup partner={partner} mode="open" messages={[]} labels={labels} {...h} />);
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(h.onSend).not.toHaveBeenCalled();
    await userEvent.type(input, ' salam {Enter}');
    expect(h.onSend).toHaveBeenLastCalledWith('salam');
    expect(input).toHaveValue('');
    await userEvent.type(input, 'ikinci');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(h.onSend).toHaveBeenLastCalledWith('ikinci');
    expect(h.onSend).toHaveBeenCalledTimes(2);
  });

  it('offers earlier messages when there are some', async () => {
    const onLoadEarlier = vi.fn();
    render(
      <ChatPopup partner={partner} mode="open" messages={messages} labels={labels} {...handlers()} hasEarlier onLoadEarlier={onLoadEarlier} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Earlier messages' }));
    expect(onLoadEarlier).toHaveBeenCalledOnce();
  });
});

describe('ChatToast', () => {
  it('shows for 2000 ms, fades for 300 ms, then ends; a click calls onClick', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    const onDone = vi.fn();
    render(<ChatToast title="Rəşad Əliyev" text="Salam" onClick={onClick} onDone={onDone} />);
    const toast = screen.getByTestId('chat-toast');
    expect(toast).toHaveTextContent('Rəşad Əliyev');
    expect(toast).toHaveTextContent('Salam');
    act(() => vi.advanceTimersByTime(1999));
    expect(toast).toHaveAttribute('data-fading', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(toast).toHaveAttribute('data-fading', 'true');
    act(() => vi.advanceTimersByTime(299));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledOnce();
    fireEvent.click(toast);
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('ChatUserList', () => {
  it('splits users into online and offline lists with their unread counts', async () => {
    const onSelect = vi.fn();
    const users = [
      { ...partner, unreadCount: 2 },
      { id: 3, name: 'Günel Həsənova', img: null, positionName: null, isOnline: false, unreadCount: 0 },
    ];
    const { rerender } = render(
      <ChatUserList users={users} onSelect={onSelect} labels={{ online: 'Online', offline: 'Offline', empty: 'No users', unread: labels.unread }} />,
    );
    const online = screen.getByRole('region', { name: 'Online (1)' });
    expect(within(online).getByRole('button', { name: 'Rəşad Əliyev, İT mütəxəssisi, 2 unread messages' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Offline (1)' })).getByRole('button', { name: 'Günel Həsənova' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await userEvent.click(within(online).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith(2);
    rerender(
      <ChatUserList
        users={users.map((u) => ({ ...u, isOnline: false }))}
        onSelect={onSelect}
        labels={{ online: 'Online', offline: 'Offline', empty: 'No users', unread: labels.unread }}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Online (0)' })).getByText('No users')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Offline (2)' })).getAllByRole('button')).toHaveLength(2);
  });
});

describe('showTimeFlags', () => {
  it('groups one sender within 2 minutes of the previous message', () => {
    const m = (senderId: number, iso: string) => ({ senderId, date: iso });
    expect(
      showTimeFlags([
        m(1, '2026-11-22T09:00:00Z'),
        m(1, '2026-11-22T09:02:00Z'),
        m(1, '2026-11-22T09:04:01Z'),
        m(2, '2026-11-22T09:04:30Z'),
      ]),
    ).toEqual([false, true, true, true]);
  });
});
