import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import * as s from '../directory/directory.css';

/**
 * The status filter of an outbox tab: "All", then one toggle per status with its count (from
 * `counts`, 0 while loading); the chosen one is pressed (aria-pressed). `label(status)` names a
 * status; `onChange(null)` is "All".
 */
export function StatusFilter<S extends string>({
  statuses,
  value,
  counts,
  label,
  onChange,
}: {
  statuses: readonly S[];
  value: S | null;
  counts: Partial<Record<S, number>> | undefined;
  label: (status: S) => string;
  onChange: (status: S | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={s.actions} role="group" aria-label={t('adminOutbox.status')}>
      <Button size="sm" variant={value === null ? 'primary' : 'secondary'} aria-pressed={value === null} onPress={() => onChange(null)}>
        {t('adminOutbox.allStatuses')}
      </Button>
      {statuses.map((status) => (
        <Button key={status} size="sm" variant={value === status ? 'primary' : 'secondary'} aria-pressed={value === status} onPress={() => onChange(status)}>
          {label(status)} ({counts?.[status] ?? 0})
        </Button>
      ))}
    </div>
  );
}
