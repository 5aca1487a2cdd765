import type { ReactNode } from 'react';
import { Badge } from '../Badge';
import { dot } from './StatusBadge.css';

/** The five status families; each has one colour (a Badge variant). */
export type StatusFamily = 'info' | 'warning' | 'success' | 'danger' | 'neutral';

const families: Record<string, StatusFamily> = {
  new: 'info',
  open: 'info',
  inprogress: 'warning',
  pending: 'warning',
  waiting: 'warning',
  onhold: 'warning',
  done: 'success',
  approved: 'success',
  resolved: 'success',
  completed: 'success',
  rejected: 'danger',
  cancelled: 'danger',
  canceled: 'danger',
  closed: 'neutral',
  draft: 'neutral',
};

/**
 * The family of a status key: new/open → info, in progress/pending → warning,
 * done/approved → success, rejected/cancelled → danger, closed/draft and anything unknown →
 * neutral. Case, spaces, '-' and '_' are ignored ("In progress", "in_progress", "inProgress").
 */
export function statusFamily(status: string): StatusFamily {
  return families[status.toLowerCase().replace(/[\s_-]+/g, '')] ?? 'neutral';
}

export interface StatusBadgeProps {
  /** The status key as the server sends it, e.g. "inProgress"; decides the colour. */
  status: string;
  /** The translated status word. */
  children: ReactNode;
  /** Forces a family instead of deriving it from `status`. @default statusFamily(status) */
  family?: StatusFamily;
  /** Extra class. */
  className?: string;
}

/** A record's status as a coloured pill with a dot; one colour per status family (readable in both themes). */
export function StatusBadge({ status, children, family, className }: StatusBadgeProps) {
  const variant = family ?? statusFamily(status);
  return (
    <Badge variant={variant} className={className} data-status={status}>
      <span className={dot} aria-hidden="true" />
      {children}
    </Badge>
  );
}
