import { useId, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading of the card; when given the card is a labelled region named by it. @default undefined */
  title?: ReactNode;
  /** Heading level of the title, to fit the page outline. @default 2 */
  headingLevel?: 2 | 3 | 4;
  /** Content at the end of the header row (e.g. a link or a badge). @default undefined */
  actions?: ReactNode;
  /** Inner spacing. @default 'md' */
  padding?: 'sm' | 'md';
  /** The card's content. */
  children?: ReactNode;
}

/** A bordered surface grouping related content (dashboard figures, profile sections). */
export function Card({
  title,
  headingLevel = 2,
  actions,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      aria-labelledby={title ? titleId : rest['aria-labelledby']}
      className={[styles.card({ padding }), className].filter(Boolean).join(' ')}
    >
      {title || actions ? (
        <div className={styles.header}>
          {title ? (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
