import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import * as p from '../shared/page.css';

/**
 * Shown instead of a page that failed to render or load (e.g. a code chunk missing after a
 * new deploy): the generic error text and a reload button, never a blank screen. The error
 * itself goes to the console for whoever investigates.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('[web] route error', isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error);
  return (
    <main className={p.centered}>
      <h1 className={p.heading}>{t('error.generic')}</h1>
      <p>
        <Button onPress={() => window.location.reload()}>{t('errors.route.reload')}</Button>
      </p>
    </main>
  );
}
