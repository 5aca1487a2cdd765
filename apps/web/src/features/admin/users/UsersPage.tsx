import { useTranslation } from 'react-i18next';
import * as p from '../../shared/page.css';

/** /home/admin/users (issue #5): the users list. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.users')}</h1>
        <p className={p.lead}>{t('admin.users.description')}</p>
      </div>
    </div>
  );
}
