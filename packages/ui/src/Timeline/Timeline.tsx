import type { ReactNode } from 'react';
import { Avatar } from '../Avatar';
import { Icon } from '../Icon';
import * as styles from './Timeline.css';

/** One event of a record's history. */
export interface TimelineEntry {
  id: string | number;
  /** Who did it. */
  user: { name: string; img: string | null };
  /** When, as an ISO string or Date; shown through `formatDate`. */
  date: string | Date;
  /** What happened, translated ("changed the status"). @default undefined */
  action?: ReactNode;
  /** Previous value (e.g. a StatusBadge). @default undefined */
  from?: ReactNode;
  /** New value. @default undefined */
  to?: ReactNode;
  /** The comment left with the change. @default undefined */
  comment?: ReactNode;
}

export interface TimelineProps {
  /** The events, in the order to show (usually newest first). */
  entries: TimelineEntry[];
  /** Accessible name of the list, e.g. "History". */
  label: string;
  /** Formats a date for display (pass i18n's formatDate with the language). */
  formatDate: (date: Date) => string;
  /** Accessible text of the arrow between from and to, e.g. "changed to". */
  changedToLabel: string;
  /** Shown when there are no entries. @default undefined */
  emptyText?: ReactNode;
}

/** A record's history: who, when (a <time>), what, from → to, and the comment. */
export function Timeline({ entries, label, formatDate, changedToLabel, emptyText }: TimelineProps) {
  if (entries.length === 0) return emptyText ? <p className={styles.when}>{emptyText}</p> : null;
  return (
    <ol className={styles.list} aria-label={label}>
      {entries.map((e) => {
        const date = typeof e.date === 'string' ? new Date(e.date) : e.date;
        return (
          <li key={e.id} className={styles.entry}>
            <Avatar src={e.user.img} name={e.user.name} size="md" />
            <div className={styles.body}>
              <div className={styles.head}>
                <span className={styles.who}>{e.user.name}</span>
                {e.action ? <span className={styles.action}>{e.action}</span> : null}
                <time className={styles.when} dateTime={date.toISOString()}>
                  {formatDate(date)}
                </time>
              </div>
              {e.from !== undefined || e.to !== undefined ? (
                <div className={styles.change}>
                  {e.from}
                  {e.from !== undefined && e.to !== undefined ? (
                    <Icon name="chevron-right" size="sm" label={changedToLabel} />
                  ) : null}
                  {e.to}
                </div>
              ) : null}
              {e.comment ? <p className={styles.comment}>{e.comment}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
