import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '@servicedesk/ui/Icon';
import * as s from './layouts.css';

/** The bare page container of /auth and /public (SPEC §2): a centred card, no menus. */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <main className={s.bare}>
      <div className={s.bareCard}>
        <div className={s.bareBrand}>
          <span className={s.bareMark} aria-hidden="true">
            <Icon name="ticket" />
          </span>
          <span>{t('appName')}</span>
        </div>
        <Outlet />
      </div>
    </main>
  );
}
