import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import {
  useApplyDirectorySync,
  useDirectorySettings,
  usePreviewDirectorySync,
  useTestDirectory,
} from '@servicedesk/api/admin/directory/directory';
import { Button } from '@servicedesk/ui/Button';
import * as p from '../../shared/page.css';
import * as s from './directory.css';
import { DirectoryRunsSection } from './DirectoryRunsSection';
import { DirectorySettingsSection } from './DirectorySettingsSection';
import { PlanView, TestResult } from './DirectoryResults';

/**
 * /home/admin/directory: the company directory (LDAP / Active Directory) for an administrator —
 * the configuration in effect (LDAP_* variables, attribute and group mappings), a connection test
 * (service bind, user search, one user as mapped), a sync preview per user and field, applying it
 * (a plan that deactivates more than the allowed share asks for a confirmation first) and the
 * last runs. The server checks `admin.directory` / `admin.directory.sync` on every call.
 */
export function DirectoryPage() {
  const { t } = useTranslation();
  const settings = useDirectorySettings();
  const test = useTestDirectory();
  const preview = usePreviewDirectorySync();
  const apply = useApplyDirectorySync();
  const held =
    apply.error &&
    isApiRequestError(apply.error) &&
    apply.error.code === 'directoryConfirmationNeeded'
      ? apply.error
      : null;
  const heldDetails = (held?.details ?? {}) as { count?: number; total?: number; percent?: number };
  const failure = (error: unknown) =>
    error
      ? isApiRequestError(error)
        ? t(`admin.directory.errors.${error.code}`, { defaultValue: t('error.generic') })
        : t('error.generic')
      : null;
  const config = settings.data;
  const plan = apply.data?.plan ?? preview.data?.plan ?? null;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.directory')}</h1>
        <p className={p.lead}>{t('admin.directory.description')}</p>
      </div>

      <DirectorySettingsSection config={config} />

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
              <Button
                variant="secondary"
                onPress={() => {
                  apply.reset();
                  preview.mutate();
                }}
                isPending={preview.isPending}
              >
                {t('admin.directory.sync.preview')}
              </Button>
              <Button
                onPress={() => apply.mutate(false)}
                isPending={apply.isPending && apply.variables === false}
                isDisabled={!preview.data}
              >
                {t('admin.directory.sync.apply')}
              </Button>
            </div>
            {held ? (
              <div role="alert">
                <p className={s.warning}>
                  {t('admin.directory.sync.heldBack', {
                    count: heldDetails.count ?? 0,
                    total: heldDetails.total ?? 0,
                    percent: heldDetails.percent ?? 0,
                  })}
                </p>
                <Button
                  variant="danger"
                  onPress={() => apply.mutate(true)}
                  isPending={apply.isPending && apply.variables === true}
                >
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

      <DirectoryRunsSection />
    </div>
  );
}
