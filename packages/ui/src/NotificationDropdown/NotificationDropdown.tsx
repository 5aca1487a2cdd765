import { useEffect, useRef, useState } from 'react';
import {
  Button as RACButton,
  Dialog,
  DialogTrigger,
  Popover,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  type Key,
} from 'react-aria-components';
import { Avatar } from '../Avatar';
import { Badge, formatCount } from '../Badge';
import { Icon } from '../Icon';
import * as s from './NotificationDropdown.css';

/** One row of the dropdown, already translated by the app. */
export interface NotificationDropdownItem {
  id: number;
  /** Who caused it (avatar and alt text). */
  userName: string;
  userImg: string | null;
  /** The notification text as HTML — the app MUST sanitise it (DOMPurify) before passing it. */
  html: string;
  /** The date as the app formats it for the language. */
  date: string;
  /** Machine-readable date for the `<time>` element (ISO 8601). */
  dateTime: string;
  isRead: boolean;
}

/** The two tabs of SPEC §2: Unread and Read. */
export type NotificationTab = 'unread' | 'read';

export interface NotificationDropdownProps {
  /** Accessible name of the bell and the dialog (e.g. "Notifications"). */
  label: string;
  /** The unread count shown on the badge ("99+" above 99; no badge at 0). */
  unreadCount: number;
  unread: readonly NotificationDropdownItem[];
  read: readonly NotificationDropdownItem[];
  /** Whether the tab has more to load (its load-more link shows then). */
  hasMoreUnread: boolean;
  hasMoreRead: boolean;
  unreadLabel: string;
  readLabel: string;
  /** Label (visually hidden) and placeholder of the search box. */
  searchLabel: string;
  loadMoreLabel: string;
  readAllLabel: string;
  /** Shown in a tab without notifications (the app passes t('notification.nodatanow')). */
  emptyText: string;
  /** Load the next page of a tab. */
  onLoadMore(tab: NotificationTab): void;
  /** Read all (the link shows on the Unread tab only while an unread one exists). */
  onReadAll(): void;
  /** A row was pressed. */
  onItemPress(item: NotificationDropdownItem): void;
  /** The search text, called 250 ms after the last keystroke (SPEC §9). */
  onSearchChange(text: string): void;
  /** Debounce of `onSearchChange`, ms. @default 250 */
  searchDelay?: number;
  /** Controlled open state. @default undefined */
  isOpen?: boolean;
  onOpenChange?(isOpen: boolean): void;
  /** Initially selected tab. @default 'unread' */
  defaultTab?: NotificationTab;
}

function ItemList({
  items,
  emptyText,
  onItemPress,
}: {
  items: readonly NotificationDropdownItem[];
  emptyText: string;
  onItemPress(item: NotificationDropdownItem): void;
}) {
  if (items.length === 0) return <p className={s.empty}>{emptyText}</p>;
  return (
    <ul className={s.list}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={s.item}
            data-unread={item.isRead ? undefined : ''}
            data-notification-id={item.id}
            onClick={() => onItemPress(item)}
          >
            <Avatar src={item.userImg} name={item.userName} size="sm" />
            <span className={s.itemBody}>
              <span className={s.itemName}>{item.userName}</span>
              {/* Sanitised by the app (see NotificationDropdownItem.html). */}
              <span dangerouslySetInnerHTML={{ __html: item.html }} />
              <time className={s.itemDate} dateTime={item.dateTime}>
                {item.date}
              </time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The notification bell of the top bar (SPEC §2 "Top bar", §4 "Notifications", §9): a bell with
 * the unread badge ("99+" above 99) opening a popover with a search box by user name (250 ms
 * debounce), the Unread and Read tabs, a load-more link per tab, a read-all link on the Unread
 * tab and the empty text. Presentational: the app owns the lists, counts and calls.
 */
export function NotificationDropdown(props: NotificationDropdownProps) {
  const { searchDelay = 250, onSearchChange } = props;
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Key>(props.defaultTab ?? 'unread');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchField = useRef<HTMLInputElement>(null);
  const changed = useRef(onSearchChange);
  useEffect(() => {
    changed.current = onSearchChange;
  }, [onSearchChange]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => changed.current(value.trim()), searchDelay);
  };

  const badgeText = formatCount(props.unreadCount);
  return (
    <DialogTrigger isOpen={props.isOpen} onOpenChange={props.onOpenChange}>
      <RACButton className={s.bell} aria-label={props.unreadCount > 0 ? `${props.label}, ${badgeText}` : props.label}>
        <Icon name="bell" />
        {props.unreadCount > 0 ? (
          <Badge variant="danger" className={s.badge} aria-hidden="true" data-testid="notification-badge">
            {badgeText}
          </Badge>
        ) : null}
      </RACButton>
      <Popover placement="bottom end" offset={6} className={s.popover}>
        <Dialog aria-label={props.label} className={s.dialog}>
          <label>
            <span className={s.visuallyHidden}>{props.searchLabel}</span>
            <input
              ref={searchField}
              type="search"
              className={s.search}
              placeholder={props.searchLabel}
              value={search}
              onChange={(e) => onSearch(e.currentTarget.value)}
            />
          </label>
          <Tabs selectedKey={tab} onSelectionChange={setTab} className={s.tabs}>
            <TabList aria-label={props.label} className={s.tabList}>
              <Tab id="unread" className={s.tab}>
                {props.unreadLabel}
              </Tab>
              <Tab id="read" className={s.tab}>
                {props.readLabel}
              </Tab>
            </TabList>
            <TabPanel id="unread" className={s.panel}>
              {props.unread.length > 0 ? (
                <div className={s.toolbar}>
                  <button
                    type="button"
                    className={s.link}
                    onClick={() => {
                      // The button goes away with the last unread one: keep the focus inside the
                      // dropdown (on its search field), so Escape and Tab still work.
                      searchField.current?.focus();
                      props.onReadAll();
                    }}
                  >
                    {props.readAllLabel}
                  </button>
                </div>
              ) : null}
              <ItemList items={props.unread} emptyText={props.emptyText} onItemPress={props.onItemPress} />
              {props.hasMoreUnread ? (
                <button type="button" className={s.link} onClick={() => props.onLoadMore('unread')}>
                  {props.loadMoreLabel}
                </button>
              ) : null}
            </TabPanel>
            <TabPanel id="read" className={s.panel}>
              <ItemList items={props.read} emptyText={props.emptyText} onItemPress={props.onItemPress} />
              {props.hasMoreRead ? (
                <button type="button" className={s.link} onClick={() => props.onLoadMore('read')}>
                  {props.loadMoreLabel}
                </button>
              ) : null}
            </TabPanel>
          </Tabs>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
