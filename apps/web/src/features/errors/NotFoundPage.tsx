import { useTranslation } from 'react-i18next';
import { NotFound } from '@servicedesk/ui/NotFound';

/** /error-404 (SPEC §2): the big 404, the message and the link back to /home/dashboard. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFound
      code={t('errors.notFound.code')}
      title={t('errors.notFound.title')}
      message={t('errors.notFound.message')}
      linkLabel={t('errors.notFound.backToDashboard')}
      href="/home/dashboard"
    />
  );
}
