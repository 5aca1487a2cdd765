import { useState } from 'react';
import { avatar } from '../Avatar/Avatar.css';
import { initialsOf } from '../Avatar';
import { Icon } from '../Icon';
import * as styles from './ChatPopup.css';

export interface ControlAvatarProps {
  /** Photo URL or null; null or a photo that fails to load shows the initials (or the person icon). */
  src: string | null;
  /** The person's full name (only the source of the initials here). */
  name: string;
  /** sm 28 px, lg 56 px (Avatar's sizes). */
  size: 'sm' | 'lg';
}

/**
 * A person's avatar INSIDE a control whose accessible name already says who it is (the chat
 * bubble, a row of the user lists). It is decorative (aria-hidden, the photo's alt is empty),
 * and the initials are CSS-generated content (`data-initials` → `::before`), not text: a text
 * node would be visible text that is not part of the control's name, which breaks WCAG 2.5.3
 * "Label in Name" (axe label-content-name-mismatch) — "RƏ" is not something anybody says to
 * press "Open chat with Rəşad Əliyev". Elsewhere use {@link Avatar}, which is announced as the name.
 */
export function ControlAvatar({ src, name, size }: ControlAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const cls = `${avatar({ size })} ${styles.controlAvatar}`;
  if (src && failedSrc !== src) {
    return (
      <span className={cls} aria-hidden="true">
        <img className={styles.controlAvatarImage} src={src} alt="" onError={() => setFailedSrc(src)} />
      </span>
    );
  }
  const initials = initialsOf(name);
  return (
    <span className={cls} aria-hidden="true" data-initials={initials || undefined} data-testid="control-avatar">
      {!initials && <Icon name="user" size={size} />}
    </span>
  );
}
