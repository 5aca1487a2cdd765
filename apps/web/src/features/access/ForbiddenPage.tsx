import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import * as p from '../shared/page.css';
import * as s from './access.css';

/**
 * The 403 experience (issue #5): shown in place of a page the user's type may not open, at
 * the URL they typed, inside the app shell. The look of the 404 page (the big code, the
 * title, the message, the link back to the dashboard) with its own texts (errors.forbidden.*).
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <section className={`${p.card} ${p.centered}`} aria-labelledby="forbidden-title" data-testid="forbidden">
        <p className={s.code}>
          {t('errors.forbidden.code')}
        </p>
        <h1 id="forbidden-title" className={p.heading}>
          {t('errors.forbidden.title')}
        </h1>
        <p className={p.lead}>{t('errors.forbidden.message')}</p>
        <p>
          <RouterLink className={s.back} to="/home/dashboard">
            {t('errors.notFound.backToDashboard')}
          </RouterLink>
        </p>
      </section>
    </div>
  );
}
