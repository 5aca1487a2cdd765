import { Button as RACButton } from 'react-aria-components';
import { ControlAvatar } from './ControlAvatar';
import { formatCount } from '../Badge';
import * as styles from './ChatPopup.css';

/** A colleague in the chat lists (SPEC §3 "Chat user"). */
export interface ChatListUser {
  id: number;
  name: string;
  img: string | null;
  positionName: string | null;
  /** Online (connected to the hub). */
  isOnline: boolean;
  /** Unread messages from this user. */
  unreadCount: number;
}

export interface ChatUserListProps {
  users: readonly ChatListUser[];
  labels: {
    /** Heading of the online list. */
    online: string;
    /** Heading of the offline list. */
    offline: string;
    /** Shown when a list is empty. */
    empty: string;
    /** A user's unread count as shown on the row ("2", "99+"), e.g. "2 unread messages". */
    unread: (count: string) => string;
  };
  /** A user was chosen: open the conversation. */
  onSelect: (userId: number) => void;
}

/**
 * The chat's two lists (SPEC §4 "Chat"): online users (green dot) and offline users (warning
 * colour), each with their unread count; choosing one calls `onSelect`. Users move between the
 * lists when their `isOnline` changes. A row's name is "<name>, <position>, <unread>": every text
 * it shows (the avatar's initials are generated content), so WCAG 2.5.3 Label in Name holds.
 */
export function ChatUserList({ users, labels, onSelect }: ChatUserListProps) {
  const groups = [
    { key: 'online', title: labels.online, online: true },
    { key: 'offline', title: labels.offline, online: false },
  ];
  return (
    <div className={styles.users}>
      {groups.map((g) => {
        const members = users.filter((u) => u.isOnline === g.online);
        return (
          <section key={g.key} aria-labelledby={`chat-users-${g.key}`} data-testid={`chat-users-${g.key}`}>
            <h3 className={styles.groupTitle} id={`chat-users-${g.key}`}>
              {g.title} ({members.length})
            </h3>
            {members.length === 0 ? (
              <p className={styles.position}>{labels.empty}</p>
            ) : (
              <ul className={styles.userList}>
                {members.map((u) => (
                  <li key={u.id}>
                    <RACButton
                      className={styles.userRow}
                      onPress={() => onSelect(u.id)}
                      aria-label={[u.name, u.positionName, u.unreadCount > 0 ? labels.unread(formatCount(u.unreadCount)) : null]
                        .filter(Boolean)
                        .join(', ')}
                    >
                      <ControlAvatar src={u.img} name={u.name} size="sm" />
                      <span className={styles.dot} data-online={u.isOnline} aria-hidden="true" />
                      {/* The spaces keep the visible text "name position count" apart, as the name says it. */}
                      <span className={styles.who}>
                        <span className={styles.name}>{u.name}</span>{' '}
                        {u.positionName && <span className={styles.position}>{u.positionName}</span>}
                      </span>{' '}
                      {u.unreadCount > 0 && (
                        <span className={styles.rowCount} aria-hidden="true">
                          {formatCount(u.unreadCount)}
                        </span>
                      )}
                    </RACButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
