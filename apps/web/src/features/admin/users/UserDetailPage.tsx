import { useTranslation } from 'react-i18next';
import * as p from '../../shared/page.css';

/** /home/admin/users/:id (issue #5): one user's details and audit history. */
export function UserDetailPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <h1 className={p.heading}>{t('admin.users.detail.title')}</h1>
    </div>
  );
}
