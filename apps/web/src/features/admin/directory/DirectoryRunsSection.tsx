import { useTranslation } from 'react-i18next';
import type { DirectorySyncRun } from '@servicedesk/contracts';
import { useDirectoryRuns } from '@servicedesk/api/admin/directory/directory';
import { formatDateTime } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import * as p from '../../shared/page.css';
import * as s from './directory.css';

const statusVariant: Record<
  DirectorySyncRun['status'],
  'success' | 'info' | 'warning' | 'danger' | 'neutral'
> = {
  applied: 'success',
  previewed: 'info',
  heldBack: 'warning',
  failed: 'danger',
  skipped: 'neutral',
};

/** The last sync runs: when, who (or the schedule), status and what changed (with the errors). */
export function DirectoryRunsSection() {
  const { t, i18n } = useTranslation();
  const runs = useDirectoryRuns();
  return (
    <section className={p.card} aria-labelledby="directory-runs">
      <h2 id="directory-runs" className={p.cardTitle}>
        {t('admin.directory.runs.title')}
      </h2>
      {runs.data && runs.data.length === 0 ? (
        <p className={p.muted}>{t('admin.directory.runs.empty')}</p>
      ) : null}
      {runs.data && runs.data.length > 0 ? (
        <table className={s.table} aria-label={t('admin.directory.runs.title')}>
          <thead>
            <tr>
              <th className={s.cell} scope="col">
                {t('admin.directory.runs.when')}
              </th>
              <th className={s.cell} scope="col">
                {t('admin.directory.runs.who')}
              </th>
              <th className={s.cell} scope="col">
                {t('admin.directory.runs.status')}
              </th>
              <th className={s.cell} scope="col">
                {t('admin.directory.runs.counts')}
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.data.map((run) => (
              <tr key={run.id}>
                <td className={s.cell}>{formatDateTime(run.startedAt, i18n.language)}</td>
                <td className={s.cell}>{run.actorName ?? t('admin.directory.runs.schedule')}</td>
                <td className={s.cell}>
                  <Badge variant={statusVariant[run.status]}>
                    {t(`admin.directory.runs.statuses.${run.status}`)}
                  </Badge>
                </td>
                <td className={s.cell}>
                  {t('admin.directory.runs.summary', {
                    created: run.created,
                    updated: run.updated,
                    deactivated: run.deactivated,
                    reactivated: run.reactivated,
                  })}
                  {run.errors.length > 0 ? (
                    <span className={s.warning}>
                      {' '}
                      · {run.errors.map((e) => e.message).join('; ')}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
