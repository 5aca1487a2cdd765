import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { NotificationDropdown, type NotificationDropdownProps } from './NotificationDropdown';
import { dropdownItems } from './NotificationDropdown.fixtures';

const base = (over: Partial<NotificationDropdownProps> = {}): NotificationDropdownProps => ({
  label: 'Notifications',
  unreadCount: 3,
  unread: dropdownItems(3, false),
  read: dropdownItems(2, true, 10),
  hasMoreUnread: true,
  hasMoreRead: false,
  unreadLabel: 'Unread',
  readLabel: 'Read',
  searchLabel: 'Search by user name',
  loadMoreLabel: 'Load more',
  readAllLabel: 'Mark all as read',
  emptyText: 'No notifications yet',
  onLoadMore: vi.fn(),
  onReadAll: vi.fn(),
  onItemPress: vi.fn(),
  onSearchChange: vi.fn(),
  ...over,
});

describe('NotificationDropdown', () => {
  it('shows the unread count on the bell, 99+ above 99, and no badge at 0', () => {
    const { rerender } = render(<NotificationDropdown {...base({ unreadCount: 99 })} />);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99');
    expect(screen.getByRole('button', { name: 'Notifications, 99' })).toBeInTheDocument();
    rerender(<NotificationDropdown {...base({ unreadCount: 100 })} />);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
    rerender(<NotificationDropdown {...base({ unreadCount: 0 })} />);
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens with the Unread tab: items, read-all and load more; the Read tab has no read-all', async () => {
    const props = base();
    const user = userEvent.setup();
    render(<NotificationDropdown {...props} />);
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(dialog).getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    await expectNoAxeViolations();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(props.onReadAll).toHaveBeenCalledTimes(1);
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMore).toHaveBeenCalledWith('unread');
    await user.click(within(panel).getAllByRole('listitem')[1]!.querySelector('button')!);
    expect(props.onItemPress).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    await user.click(within(dialog).getByRole('tab', { name: 'Read' }));
    const readPanel = within(dialog).getByRole('tabpanel');
    expect(within(readPanel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(readPanel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(within(readPanel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('keeps the focus inside after read-all takes the button away, so Escape still closes it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const Harness = () => {
      const [unread, setUnread] = useState(dropdownItems(2, false));
      const [open, setOpen] = useState(false);
      return (
        <NotificationDropdown
          {...base({ unread, unreadCount: unread.length, hasMoreUnread: false, onReadAll: () => setUnread([]) })}
          isOpen={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
        />
      );
    };
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Search by user name' }));
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the empty text in an empty tab', async () => {
    const user = userEvent.setup();
    render(<NotificationDropdown {...base({ unread: [], unreadCount: 0, hasMoreUnread: false })} />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = within(await screen.findByRole('dialog')).getByRole('tabpanel');
    expect(panel).toHaveTextContent('No notifications yet');
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('reports the search text once, 250 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    try {
      const props = base();
      render(<NotificationDropdown {...props} isOpen />);
      const box = screen.getByRole('searchbox', { name: 'Search by user name' });
      fireEvent.change(box, { target: { value: 'Le' } });
      act(() => vi.advanceTimersByTime(200));
      fireEvent.change(box, { target: { value: 'Leyla ' } });
      act(() => vi.advanceTimersByTime(249));
      expect(props.onSearchChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(props.onSearchChange).toHaveBeenCalledTimes(1);
      expect(props.onSearchChange).toHaveBeenCalledWith('Leyla');
    } finally {
      vi.useRealTimers();
    }
  });
});
