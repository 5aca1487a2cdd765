import { Avatar } from '../Avatar';
import * as styles from './AvatarGroup.css';

/** One person in the group. */
export interface AvatarGroupPerson {
  id: string | number;
  name: string;
  /** Photo URL or null (initials). */
  src: string | null;
}

export interface AvatarGroupProps {
  /** The people, in display order. */
  people: AvatarGroupPerson[];
  /** Accessible name of the group, e.g. "Participants". */
  label: string;
  /** How many avatars are shown before "+n". @default 3 */
  max?: number;
  /** Avatar size. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible text of the "+n" bubble, e.g. (n) => `${n} more`; the hidden names are its tooltip. */
  moreLabel: (hidden: number) => string;
}

/** Overlapping avatars, at most `max`, then a "+n" bubble naming the rest (title + aria-label). */
export function AvatarGroup({ people, label, max = 3, size = 'md', moreLabel }: AvatarGroupProps) {
  const visible = people.slice(0, Math.max(0, max));
  const hidden = people.slice(visible.length);
  return (
    <ul className={styles.group} aria-label={label}>
      {visible.map((p) => (
        <li key={p.id} className={styles.item}>
          <Avatar src={p.src} name={p.name} size={size} />
        </li>
      ))}
      {hidden.length > 0 ? (
        <li className={styles.item}>
          <span
            className={styles.more({ size })}
            role="img"
            aria-label={`${moreLabel(hidden.length)}: ${hidden.map((p) => p.name).join(', ')}`}
            title={hidden.map((p) => p.name).join(', ')}
          >
            +{hidden.length}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
