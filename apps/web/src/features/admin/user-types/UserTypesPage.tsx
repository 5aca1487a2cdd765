import { useTranslation } from 'react-i18next';
import * as p from '../../shared/page.css';

/** /home/admin/user-types (issue #5): user types and their permission trees. */
export function UserTypesPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.userTypes')}</h1>
        <p className={p.lead}>{t('admin.userTypes.description')}</p>
      </div>
    </div>
  );
}
