import { useState } from 'react';
import { Icon } from '../Icon';
import * as styles from './Avatar.css';

export interface AvatarProps {
  /** Photo URL; null (or a URL that fails to load) shows the initials instead. */
  src: string | null;
  /** The person's full name: the image's alt text and the source of the initials. */
  name: string;
  /** sm 28 px, md 36 px, lg 56 px. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Extra class for layout. @default undefined */
  className?: string;
}

/** Up to two initials from a full name: "Aysel Məmmədova" → "AM", "admin" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/**
 * A round picture of a person. Without a photo it shows the name's initials, and with neither
 * a generic person icon (the spec's "default avatar"). Always announced as the name.
 */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const cls = [styles.avatar({ size }), className].filter(Boolean).join(' ');
  if (src && failedSrc !== src) {
    return (
      <span className={cls}>
        <img className={styles.image} src={src} alt={name} onError={() => setFailedSrc(src)} />
      </span>
    );
  }
  const initials = initialsOf(name);
  return (
    <span
      className={cls}
      // Without a name there is nothing to announce: the default avatar is then decorative.
      {...(name.trim() ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      data-fallback={initials ? 'initials' : 'icon'}
    >
      {initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <Icon name="user" size={size === 'lg' ? 'lg' : 'sm'} />
      )}
    </span>
  );
}
