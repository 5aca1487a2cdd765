import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '@servicedesk/ui/Icon';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';

/** A menu destination without its page yet: its translated caption and "coming soon" — never a 404. */
export function ComingSoonPage({ caption }: { caption: string }) {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <section className={`${p.card} ${p.centered}`}>
        <span className={p.bigIcon} aria-hidden="true">
          <Icon name="calendar" size="lg" />
        </span>
        <h1 className={p.heading}>{t(`layout.${caption}`)}</h1>
        <p className={p.lead}>
          <strong>{t('layout.comingSoon.title')}.</strong> {t('layout.comingSoon.description')}
        </p>
        <p>
          <RouterLink className={f.link} to="/home/dashboard">
            {t('layout.comingSoon.back')}
          </RouterLink>
        </p>
      </section>
    </div>
  );
}
