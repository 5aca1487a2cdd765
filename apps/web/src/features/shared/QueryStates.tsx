import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@servicedesk/ui/EmptyState';
import * as p from './page.css';

/** The part of a TanStack Query result {@link QueryStates} reads. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
}

/**
 * What a section shows for a query of a list: "Loading…" while it is pending, the generic error
 * (role=alert) when it failed, an empty state titled `empty` when the list has no rows, else
 * `children(rows)` — the one place these four states are decided for the simple list sections.
 */
export function QueryStates<T>({
  query,
  empty,
  children,
}: {
  query: ListQuery<T>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (query.isError || !query.data) return <p role="alert">{t('error.generic')}</p>;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return <>{children(query.data)}</>;
}
