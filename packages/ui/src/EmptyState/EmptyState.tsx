import type { ReactNode } from 'react';
import { Icon } from '../Icon';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  /** Short headline, e.g. "No requests yet". */
  title: ReactNode;
  /** One or two sentences under the title. @default undefined */
  description?: ReactNode;
  /** Icon name (see Icon). @default 'info' ('alert' for the error variant) */
  icon?: string;
  /** An action under the text, usually a Button ("Create request", "Retry"). @default undefined */
  action?: ReactNode;
  /** empty: nothing to show yet; error: loading failed (icon in the danger colour, role="alert"). @default 'empty' */
  variant?: 'empty' | 'error';
  /** Heading level of the title. @default 2 */
  headingLevel?: 2 | 3 | 4;
  /** Extra class. */
  className?: string;
}

/** What a list, table or panel shows when it has nothing to show, or when loading it failed. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  variant = 'empty',
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={[styles.root, className].filter(Boolean).join(' ')}
      role={variant === 'error' ? 'alert' : undefined}
      data-variant={variant}
    >
      <span
        className={[styles.iconWrap, variant === 'error' ? styles.errorVariant : '']
          .filter(Boolean)
          .join(' ')}
      >
        <Icon name={icon ?? (variant === 'error' ? 'alert' : 'info')} size="lg" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div>{action}</div> : null}
    </div>
  );
}
