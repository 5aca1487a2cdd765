import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@servicedesk/ui/Icon';
import * as s from './layouts.css';

/**
 * The bare page container of /auth and /public (SPEC §2): a centred card with the app's mark
 * and name, no menus. Free of the router, so the light sign-in entry (issue #19) shows the same card.
 */
export function BareCard({ children }: { children?: ReactNode }) {
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
        {children}
      </div>
    </main>
  );
}
