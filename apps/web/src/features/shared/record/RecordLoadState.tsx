import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import * as p from '../page.css';

/** The part of a record's query the load state reads (TanStack Query's result). */
interface RecordQuery {
  isError: boolean;
  error: unknown;
}

/** True when the record cannot be shown at all: the id in the address is not one, or the server said 404 / 403. */
export function isRecordGone(valid: boolean, query: RecordQuery): boolean {
  return !valid || (query.isError && (isApiRequestError(query.error, 404) || isApiRequestError(query.error, 403)));
}

export interface RecordLoadStateProps {
  /** Whether the address held a valid record id. */
  valid: boolean;
  query: RecordQuery;
  /** The page's heading when the record is gone (e.g. "Request"). */
  heading: string;
  /** The alert for an unknown record (404 or an invalid id) and for one the user may not see (403). */
  notFoundText: string;
  forbiddenText: string;
  /** The way back, usually a link to the module's list. */
  back: ReactNode;
}

/**
 * What a record's page (help desk, equipment request, contract, debt report…) shows until its
 * record is there: not found / not allowed with the page's heading and the way back
 * ({@link isRecordGone}); any other failure as the generic error; else "Loading…" as a status.
 * Render it while the record's data is missing: `if (!detail || isRecordGone(valid, query)) return <RecordLoadState …/>`.
 */
export function RecordLoadState({ valid, query, heading, notFoundText, forbiddenText, back }: RecordLoadStateProps) {
  const { t } = useTranslation();
  if (isRecordGone(valid, query)) {
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{heading}</h1>
        <p role="alert">{isApiRequestError(query.error, 403) ? forbiddenText : notFoundText}</p>
        <p>{back}</p>
      </div>
    );
  }
  return (
    <div className={p.page}>
      <p>{back}</p>
      {query.isError ? (
        <p role="alert">{t('error.generic')}</p>
      ) : (
        <p className={p.muted} role="status">
          {t('loading')}
        </p>
      )}
    </div>
  );
}
