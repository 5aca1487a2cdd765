import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { NotificationDropdown, type NotificationDropdownItem, type NotificationDropdownProps } from './NotificationDropdown';
import { dropdownItems } from './NotificationDropdown.fixtures';

const meta = {
  title: 'Shell/NotificationDropdown',
  component: NotificationDropdown,
  tags: ['autodocs'],
  args: {
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
    onLoadMore: fn(),
    onReadAll: fn(),
    onItemPress: fn(),
    onSearchChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 520 }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof NotificationDropdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the bell: three unread with read-all and load more; pressing one reports it. */
export const Unread: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Notifications, 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await expect(args.onReadAll).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledWith('unread');
  },
};

/** 150 unread: the badge says 99+. */
export const ManyUnread: Story = {
  args: { unreadCount: 150 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('notification-badge')).toHaveTextContent('99+');
  },
};

/** Nothing at all: the empty text in both tabs, no badge. */
export const Empty: Story = {
  args: { unreadCount: 0, unread: [], read: [], hasMoreUnread: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toHaveTextContent('No notifications yet');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Read' }));
    await expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('No notifications yet');
  },
};

function Stateful(args: NotificationDropdownProps) {
  const [unread, setUnread] = useState<NotificationDropdownItem[]>([...args.unread]);
  const [read, setRead] = useState<NotificationDropdownItem[]>([...args.read]);
  const [search, setSearch] = useState('');
  const match = (i: NotificationDropdownItem) => i.userName.toLowerCase().includes(search.toLowerCase());
  return (
    <NotificationDropdown
      {...args}
      unreadCount={unread.length}
      unread={unread.filter(match)}
      read={read.filter(match)}
      hasMoreUnread={false}
      onSearchChange={(text) => {
        args.onSearchChange(text);
        setSearch(text);
      }}
      onItemPress={(item) => {
        args.onItemPress(item);
        if (item.isRead) return;
        setUnread((u) => u.filter((i) => i.id !== item.id));
        setRead((r) => [{ ...item, isRead: true }, ...r].sort((a, b) => b.dateTime.localeCompare(a.dateTime)));
      }}
      onReadAll={() => {
        args.onReadAll();
        setRead((r) => [...unread.map((i) => ({ ...i, isRead: true })), ...r]);
        setUnread([]);
      }}
    />
  );
}

/** With state: pressing an unread one moves it to Read and lowers the badge; search filters by name after 250 ms. */
export const Interactive: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Notifications, 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(within(dialog).getAllByRole('listitem')[0]!.querySelector('button')!);
    await expect(args.onItemPress).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    await expect(within(canvasElement).getByTestId('notification-badge')).toHaveTextContent('2');
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search by user name' }), 'Elvin');
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('Elvin'));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
  },
};
