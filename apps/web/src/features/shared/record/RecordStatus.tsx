import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';

/** The colour families of a status badge (ui StatusBadge). */
export type StatusFamily = 'info' | 'warning' | 'success' | 'danger' | 'neutral';

export interface RecordStatusProps<S extends string> {
  /** The record's status as the server names it (`IN_APPROVAL`, `watch`, …). */
  status: S;
  /** Each status's colour family; a status missing from it is `neutral`. */
  families: Partial<Record<S, StatusFamily>>;
  /** The translation key prefix of the module's status words (`helpdesk.status` → `helpdesk.status.NEW`); the status itself when the key is missing. */
  labels: string;
  /** Shown after the status word (e.g. a contract's approval stage). */
  suffix?: ReactNode;
}

/**
 * A record's status as a coloured badge with its word in the current language — the one status
 * badge of every record page, its timeline's from → to included.
 */
export function RecordStatus<S extends string>({ status, families, labels, suffix }: RecordStatusProps<S>) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={families[status] ?? 'neutral'}>
      {t(`${labels}.${status}`, { defaultValue: status })}
      {suffix}
    </StatusBadge>
  );
}
