import { useTranslation } from 'react-i18next';
import type { DirectoryPlan, DirectorySyncRun, DirectoryTestResult } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { formatDateTime } from '@servicedesk/i18n';
import { useApplyDirectorySync, useDirectoryRuns, useDirectorySettings, usePreviewDirectorySync, useTestDirectory } from '@servicedesk/api/admin/directory/directory';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import * as p from '../../shared/page.css';
import * as s from './directory.css';

const statusVariant: Record<DirectorySyncRun['status'], 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  applied: 'success',
  previewed: 'info',
  heldBack: 'warning',
  failed: 'danger',
  skipped: 'neutral',
};

/** The three steps of the connection test, each ok or the directory's message. */
function TestResult({ result }: { result: DirectoryTestResult }) {
  const { t } = useTranslation();
  const step = (name: string, ok: boolean, message: string | null, extra?: string) => (
    <li key={name}>
      <Badge variant={ok ? 'success' : 'danger'}>{ok ? t('admin.directory.test.ok') : t('admin.directory.test.failed')}</Badge> {t(`admin.directory.test.${name}`)}
      {extra ? ` · ${extra}` : ''}
      {message ? <span className={p.muted}> · {message}</span> : null}
    </li>
  );
  return (
    <div data-testid="directory-test">
      <ul>
        {step('bind', result.bind.ok, result.bind.message)}
        {result.bind.ok ? step('search', result.search.ok, result.search.message, t('admin.directory.test.found', { count: result.search.count })) : null}
      </ul>
      {result.sample ? (
        <p>
          {t('admin.directory.test.sample')}: <code>{result.sample.dn}</code> · {Object.values(result.sample.fields).join(' · ')} → {result.sample.userType}
          {result.sample.groups.length > 0 ? ` · ${result.sample.groups.join(', ')}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** A plan as counts and one row per user with its per-field changes. */
function PlanView({ plan }: { plan: DirectoryPlan }) {
  const { t } = useTranslation();
  return (
    <div data-testid="directory-plan">
      <p className={s.counts}>
        {(['created', 'updated', 'deactivated', 'reactivated', 'unchanged'] as const).map((k) => (
          <Badge key={k} variant={k === 'deactivated' && plan.counts[k] > 0 ? 'warning' : 'neutral'}>
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
              <th className={s.cell} scope="col">{t('admin.directory.plan.action')}</th>
              <th className={s.cell} scope="col">{t('admin.directory.plan.user')}</th>
              <th className={s.cell} scope="col">{t('admin.directory.plan.changes')}</th>
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
                    .map(([field, c]) => `${t(`admin.directory.fields.${field}`, { defaultValue: field })}: ${c.from ?? '—'} → ${c.to ?? '—'}`)
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

/**
 * /home/admin/directory: the company directory (LDAP / Active Directory) for an administrator —
 * the configuration in effect (LDAP_* variables, attribute and group mappings), a connection test
 * (service bind, user search, one user as mapped), a sync preview per user and field, applying it
 * (a plan that deactivates more than the allowed share asks for a confirmation first) and the
 * last runs. The server checks `admin.directory` / `admin.directory.sync` on every call.
 */
export function DirectoryPage() {
  const { t, i18n } = useTranslation();
  const settings = useDirectorySettings();
  const runs = useDirectoryRuns();
  const test = useTestDirectory();
  const preview = usePreviewDirectorySync();
  const apply = useApplyDirectorySync();
  const held = apply.error && isApiRequestError(apply.error) && apply.error.code === 'directoryConfirmationNeeded' ? apply.error : null;
  const heldDetails = (held?.details ?? {}) as { count?: number; total?: number; percent?: number };
  const failure = (error: unknown) =>
    error ? (isApiRequestError(error) ? t(`admin.directory.errors.${error.code}`, { defaultValue: t('error.generic') }) : t('error.generic')) : null;
  const config = settings.data;
  const plan = apply.data?.plan ?? preview.data?.plan ?? null;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.directory')}</h1>
        <p className={p.lead}>{t('admin.directory.description')}</p>
      </div>

      <section className={p.card} aria-labelledby="directory-settings">
        <h2 id="directory-settings" className={p.cardTitle}>
          {t('admin.directory.settings.title')}
        </h2>
        {config && !config.configured ? <p>{t('admin.directory.settings.notConfigured')}</p> : null}
        {config?.configured ? (
          <>
            <dl className={s.settings}>
              {(
                [
                  ['url', `${config.url ?? ''}${config.startTls ? ' (StartTLS)' : ''}`],
                  ['bindDn', config.bindDn ?? t('admin.directory.settings.anonymous')],
                  ['userBaseDn', config.userBaseDn],
                  ['userFilter', config.userFilter],
                  ['loginAttributes', config.loginAttributes.join(', ')],
                  ['groupBaseDn', config.groupBaseDn],
                  ['defaultUserType', config.defaultUserType],
                  ['schedule', config.syncIntervalMinutes > 0 ? t('admin.directory.settings.every', { count: config.syncIntervalMinutes }) : t('admin.directory.settings.manual')],
                  ['maxDeactivate', `${config.maxDeactivatePercent}%`],
                ] as const
              ).map(([key, value]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt className={s.term}>{t(`admin.directory.settings.${key}`)}</dt>
                  <dd className={s.definition}>{value}</dd>
                </div>
              ))}
            </dl>
            <h3>{t('admin.directory.settings.attributes')}</h3>
            <table className={s.table}>
              <tbody>
                {Object.entries(config.attributes).map(([field, attribute]) => (
                  <tr key={field}>
                    <th className={s.cell} scope="row">{t(`admin.directory.fields.${field}`, { defaultValue: field })}</th>
                    <td className={s.cell}>
                      <code>{attribute}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3>{t('admin.directory.settings.groupMap')}</h3>
            {config.groupMap.length === 0 ? (
              <p className={p.muted}>{t('admin.directory.settings.noGroupMap')}</p>
            ) : (
              <table className={s.table}>
                <thead>
                  <tr>
                    <th className={s.cell} scope="col">{t('admin.directory.settings.group')}</th>
                    <th className={s.cell} scope="col">{t('admin.directory.fields.userType')}</th>
                    <th className={s.cell} scope="col">{t('admin.directory.fields.groups')}</th>
                  </tr>
                </thead>
                <tbody>
                  {config.groupMap.map((m) => (
                    <tr key={m.groupDn}>
                      <td className={s.cell}>
                        <code>{m.groupDn}</code>
                      </td>
                      <td className={s.cell}>{m.userType ?? '—'}</td>
                      <td className={s.cell}>{m.groups?.join(', ') || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ) : null}
      </section>

      {config?.configured ? (
        <>
          <section className={p.card} aria-labelledby="directory-test-title">
            <h2 id="directory-test-title" className={p.cardTitle}>
              {t('admin.directory.test.title')}
            </h2>
            <div className={s.actions}>
              <Button variant="secondary" onPress={() => test.mutate()} isPending={test.isPending}>
                {t('admin.directory.test.run')}
              </Button>
            </div>
            {test.data ? <TestResult result={test.data} /> : null}
            {test.error ? <p role="alert">{failure(test.error)}</p> : null}
          </section>

          <section className={p.card} aria-labelledby="directory-sync-title">
            <h2 id="directory-sync-title" className={p.cardTitle}>
              {t('admin.directory.sync.title')}
            </h2>
            <div className={s.actions}>
              <Button variant="secondary" onPress={() => { apply.reset(); preview.mutate(); }} isPending={preview.isPending}>
                {t('admin.directory.sync.preview')}
              </Button>
              <Button onPress={() => apply.mutate(false)} isPending={apply.isPending && apply.variables === false} isDisabled={!preview.data}>
                {t('admin.directory.sync.apply')}
              </Button>
            </div>
            {held ? (
              <div role="alert">
                <p className={s.warning}>
                  {t('admin.directory.sync.heldBack', { count: heldDetails.count ?? 0, total: heldDetails.total ?? 0, percent: heldDetails.percent ?? 0 })}
                </p>
                <Button variant="danger" onPress={() => apply.mutate(true)} isPending={apply.isPending && apply.variables === true}>
                  {t('admin.directory.sync.confirm')}
                </Button>
              </div>
            ) : apply.error ? (
              <p role="alert">{failure(apply.error)}</p>
            ) : null}
            {preview.error ? <p role="alert">{failure(preview.error)}</p> : null}
            {apply.data ? <p role="status">{t('admin.directory.sync.applied')}</p> : null}
            {plan ? <PlanView plan={plan} /> : null}
          </section>
        </>
      ) : null}

      <section className={p.card} aria-labelledby="directory-runs">
        <h2 id="directory-runs" className={p.cardTitle}>
          {t('admin.directory.runs.title')}
        </h2>
        {runs.data && runs.data.length === 0 ? <p className={p.muted}>{t('admin.directory.runs.empty')}</p> : null}
        {runs.data && runs.data.length > 0 ? (
          <table className={s.table} aria-label={t('admin.directory.runs.title')}>
            <thead>
              <tr>
                <th className={s.cell} scope="col">{t('admin.directory.runs.when')}</th>
                <th className={s.cell} scope="col">{t('admin.directory.runs.who')}</th>
                <th className={s.cell} scope="col">{t('admin.directory.runs.status')}</th>
                <th className={s.cell} scope="col">{t('admin.directory.runs.counts')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td className={s.cell}>{formatDateTime(run.startedAt, i18n.language)}</td>
                  <td className={s.cell}>{run.actorName ?? t('admin.directory.runs.schedule')}</td>
                  <td className={s.cell}>
                    <Badge variant={statusVariant[run.status]}>{t(`admin.directory.runs.statuses.${run.status}`)}</Badge>
                  </td>
                  <td className={s.cell}>
                    {t('admin.directory.runs.summary', { created: run.created, updated: run.updated, deactivated: run.deactivated, reactivated: run.reactivated })}
                    {run.errors.length > 0 ? <span className={s.warning}> · {run.errors.map((e) => e.message).join('; ')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}
