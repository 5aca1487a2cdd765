import type { ReactNode } from 'react';
import { Breadcrumb, Breadcrumbs as RACBreadcrumbs, Link, type Key } from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './Breadcrumbs.css';

/** One step of the path; the last one is the current page. */
export interface BreadcrumbItem {
  id: string;
  /** Translated label. */
  label: ReactNode;
  /** Link target; the current (last) item needs none. @default undefined */
  href?: string;
}

export interface BreadcrumbsProps {
  /** The path from the top, the current page last. */
  items: BreadcrumbItem[];
  /** Accessible name of the navigation landmark, e.g. "Breadcrumbs". */
  ariaLabel: string;
  /** Called with the id of the pressed item (client-side routing can use it instead of href). @default undefined */
  onAction?: (id: Key) => void;
}

/**
 * Where the user is (RAC Breadcrumbs in a <nav>): links to the ancestors, the last item marked
 * aria-current="page". Client-side navigation: wrap the app in RAC's RouterProvider.
 */
export function Breadcrumbs({ items, ariaLabel, onAction }: BreadcrumbsProps) {
  return (
    <nav aria-label={ariaLabel}>
      <RACBreadcrumbs items={items} onAction={onAction} className={styles.list}>
        {(item) => (
          <Breadcrumb id={item.id} className={styles.crumb}>
            {({ isCurrent }) => (
              <>
                <Link href={isCurrent ? undefined : item.href} className={styles.link}>
                  {item.label}
                </Link>
                {isCurrent ? null : <Icon name="chevron-right" size="sm" />}
              </>
            )}
          </Breadcrumb>
        )}
      </RACBreadcrumbs>
    </nav>
  );
}
