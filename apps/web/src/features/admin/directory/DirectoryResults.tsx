import { useTranslation } from 'react-i18next';
import type { DirectoryPlan, DirectoryTestResult } from '@servicedesk/contracts';
import { Badge } from '@servicedesk/ui/Badge';
import * as p from '../../shared/page.css';
import * as s from './directory.css';

/** The three steps of the connection test, each ok or the directory's message. */
export function TestResult({ result }: { result: DirectoryTestResult }) {
  const { t } = useTranslation();
  const step = (name: string, ok: boolean, message: string | null, extra?: string) => (
    <li key={name}>
      <Badge variant={ok ? 'success' : 'danger'}>
        {ok ? t('admin.directory.test.ok') : t('admin.directory.test.failed')}
      </Badge>{' '}
      {t(`admin.directory.test.${name}`)}
      {extra ? ` · ${extra}` : ''}
      {message ? <span className={p.muted}> · {message}</span> : null}
    </li>
  );
  return (
    <div data-testid="directory-test">
      <ul>
        {step('bind', result.bind.ok, result.bind.message)}
        {result.bind.ok
          ? step(
              'search',
              result.search.ok,
              result.search.message,
              t('admin.directory.test.found', { count: result.search.count }),
            )
          : null}
      </ul>
      {result.sample ? (
        <p>
          {t('admin.directory.test.sample')}: <code>{result.sample.dn}</code> ·{' '}
          {Object.values(result.sample.fields).join(' · ')} → {result.sample.userType}
          {result.sample.groups.length > 0 ? ` · ${result.sample.groups.join(', ')}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** A plan as counts and one row per user with its per-field changes. */
export function PlanView({ plan }: { plan: DirectoryPlan }) {
  const { t } = useTranslation();
  return (
    <div data-testid="directory-plan">
      <p className={s.counts}>
        {(['created', 'updated', 'deactivated', 'reactivated', 'unchanged'] as const).map((k) => (
          <Badge
            key={k}
            variant={k === 'deactivated' && plan.counts[k] > 0 ? 'warning' : 'neutral'}
          >
            {t(`admin.directory.counts.${k}`, { count: plan.counts[k] })}
          </Badge>
        ))}
      </p>
      {plan.items.length === 0 ? (
        <p className={p.muted}>{t('admin.directory.plan.nothing')}</p>
      ) : (
        <table className={s.table}>
          <thead>
            <tr>
              <th className={s.cell} scope="col">
                {t('admin.directory.plan.action')}
              </th>
              <th className={s.cell} scope="col">
                {t('admin.directory.plan.user')}
              </th>
              <th className={s.cell} scope="col">
                {t('admin.directory.plan.changes')}
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.items.map((item) => (
              <tr key={`${item.action}:${item.dn}`}>
                <td className={s.cell}>{t(`admin.directory.plan.actions.${item.action}`)}</td>
                <td className={s.cell}>
                  {item.name} · {item.email}
                </td>
                <td className={s.cell}>
                  {Object.entries(item.changes)
                    .map(
                      ([field, c]) =>
                        `${t(`admin.directory.fields.${field}`, { defaultValue: field })}: ${c.from ?? '—'} → ${c.to ?? '—'}`,
                    )
                    .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {plan.errors.length > 0 ? (
        <ul>
          {plan.errors.map((e, i) => (
            <li key={i} className={s.warning}>
              {e.dn ? `${e.dn}: ` : ''}
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
