import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { useAppUpdate } from '../service-worker';
import * as s from './layouts.css';

/**
 * Tells the user that a new version has been deployed (SPEC §1 offline/update helper, issue #19):
 * a polite status with the text `appUpdate.available` and a button `appUpdate.reload`, which
 * activates the waiting service worker and reloads the page. Nothing while there is no update.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const apply = useAppUpdate();
  if (!apply) return null;
  return (
    <div role="status" className={s.updatePrompt} data-testid="app-update">
      <span>{t('appUpdate.available')}</span>
      <Button size="sm" onPress={apply}>
        {t('appUpdate.reload')}
      </Button>
    </div>
  );
}
