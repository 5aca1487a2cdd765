import { useTranslation } from 'react-i18next';
import * as p from '../../shared/page.css';

/** /home/admin/permissions (issue #5): the permission explainer. */
export function PermissionExplainerPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.permissions')}</h1>
        <p className={p.lead}>{t('admin.permissions.description')}</p>
      </div>
    </div>
  );
}
