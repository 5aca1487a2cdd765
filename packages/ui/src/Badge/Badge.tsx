import type { HTMLAttributes, ReactNode } from 'react';
import { badge } from './Badge.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Content, usually a short word or a count (see formatCount). */
  children: ReactNode;
  /** Colour meaning. @default 'neutral' */
  variant?: 'neutral' | 'info' | 'success' | 'warning' | 'danger';
}

/** "99+" above `max`, the number otherwise (SPEC §9: the unread badge shows 99+ above 99). */
export function formatCount(count: number, max = 99): string {
  return count > max ? `${max}+` : String(count);
}

/** A small pill with a status word or a count. Give it an aria-label when the number alone is unclear. */
export function Badge({ children, variant = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      {...rest}
      className={[badge({ variant }), className].filter(Boolean).join(' ')}
      data-variant={variant}
    >
      {children}
    </span>
  );
}
