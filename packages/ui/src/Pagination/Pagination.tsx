import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { Spinner } from '../Spinner';
import * as styles from './Pagination.css';

/**
 * The page numbers to show for `page` of `pageCount` (1-based): the first, the last, `siblings`
 * around the current one, and 'gap' where pages are skipped. 1 2 3 … 10 / 1 … 4 5 6 … 10.
 */
export function pageRange(page: number, pageCount: number, siblings = 1): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  const from = Math.max(2, page - siblings);
  const to = Math.min(pageCount - 1, page + siblings);
  if (pageCount >= 1) pages.push(1);
  if (from > 2) pages.push('gap');
  for (let p = from; p <= to; p += 1) pages.push(p);
  if (to < pageCount - 1) pages.push('gap');
  if (pageCount > 1) pages.push(pageCount);
  return pages;
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; with 1 or fewer nothing is shown. */
  pageCount: number;
  /** Called with the page the user chose. */
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation, e.g. "Pages". */
  ariaLabel: string;
  /** Accessible name of the previous-page button. */
  previousLabel: string;
  /** Accessible name of the next-page button. */
  nextLabel: string;
  /** Accessible name of a page button, e.g. (n) => `Page ${n}`. */
  pageLabel: (page: number) => string;
  /** Pages shown on each side of the current one. @default 1 */
  siblings?: number;
}

/** Page navigation: previous, numbered pages with gaps, next; the current page has aria-current="page". */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  ariaLabel,
  previousLabel,
  nextLabel,
  pageLabel,
  siblings = 1,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={ariaLabel} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          <Button
            variant="ghost"
            size="sm"
            aria-label={previousLabel}
            isDisabled={page <= 1}
            onPress={() => onPageChange(page - 1)}
          >
            <Icon name="chevron-right" style={{ transform: 'scaleX(-1)' }} />
          </Button>
        </li>
        {pageRange(page, pageCount, siblings).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Button
                variant={p === page ? 'primary' : 'ghost'}
                size="sm"
                aria-label={pageLabel(p)}
                aria-current={p === page ? 'page' : undefined}
                onPress={() => onPageChange(p)}
              >
                {p}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="ghost"
            size="sm"
            aria-label={nextLabel}
            isDisabled={page >= pageCount}
            onPress={() => onPageChange(page + 1)}
          >
            <Icon name="chevron-right" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}

export interface LoadMoreProps {
  /** How many items are shown. */
  shown: number;
  /** How many exist in total. */
  total: number;
  /** Called when the user asks for more (the app loads the next 100, SPEC §9). */
  onLoadMore: () => void;
  /** Whether the next part is loading (presses are ignored meanwhile). @default false */
  isLoading?: boolean;
  /** Label of the spinner shown while loading, e.g. "Loading…"; without it no spinner. @default undefined */
  loadingLabel?: string;
  /** Text of the button, e.g. "Load more". */
  label: string;
  /** The count line, e.g. ({ shown, total }) => `${shown} of ${total}`. */
  countText: (counts: { shown: number; total: number }) => ReactNode;
}

/**
 * "n of total" and a load-more button while there is more; the count is a polite live region,
 * so the new count is announced after each load.
 */
export function LoadMore({
  shown,
  total,
  onLoadMore,
  isLoading = false,
  loadingLabel,
  label,
  countText,
}: LoadMoreProps) {
  return (
    <div className={styles.loadMore}>
      <p className={styles.count} aria-live="polite">
        {countText({ shown, total })}
      </p>
      {shown < total ? (
        // Not RAC's isPending: its announcement references the button by id and outlives it
        // (axe role-img-alt once the last part is loaded and the button is gone).
        <Button
          variant="secondary"
          data-loading={isLoading || undefined}
          onPress={() => {
            if (!isLoading) onLoadMore();
          }}
        >
          {isLoading && loadingLabel ? <Spinner label={loadingLabel} delay={0} size="sm" /> : null}
          {label}
        </Button>
      ) : null}
    </div>
  );
}
