import { useTranslation } from 'react-i18next';
import type { DirectorySettings } from '@servicedesk/contracts';
import * as p from '../../shared/page.css';
import * as s from './directory.css';

/**
 * The directory configuration in effect (LDAP_* variables): connection, bind, user search, login
 * attributes, default user type, schedule and deactivation limit, the attribute mapping and the
 * group mapping; "not configured" when it is not; nothing while loading.
 */
export function DirectorySettingsSection({ config }: { config: DirectorySettings | undefined }) {
  const { t } = useTranslation();
  return (
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
                [
                  'schedule',
                  config.syncIntervalMinutes > 0
                    ? t('admin.directory.settings.every', { count: config.syncIntervalMinutes })
                    : t('admin.directory.settings.manual'),
                ],
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
                  <th className={s.cell} scope="row">
                    {t(`admin.directory.fields.${field}`, { defaultValue: field })}
                  </th>
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
                  <th className={s.cell} scope="col">
                    {t('admin.directory.settings.group')}
                  </th>
                  <th className={s.cell} scope="col">
                    {t('admin.directory.fields.userType')}
                  </th>
                  <th className={s.cell} scope="col">
                    {t('admin.directory.fields.groups')}
                  </th>
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
  );
}
