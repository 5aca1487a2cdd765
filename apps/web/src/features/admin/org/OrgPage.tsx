import { useTranslation } from 'react-i18next';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../../access/use-page-permissions';
import { GroupsTab } from './GroupsTab';
import { OrgItemsTab } from './OrgItemsTab';
import * as p from '../../shared/page.css';

/**
 * /home/admin/org (issue #5 "Positions, locations, groups and their members"): three tabs —
 * positions, locations, groups — each listing its entries with their status; the changes
 * (create, rename, deactivate with a reason, activate, group members with one lead) show only
 * when the user's type holds `admin.org.manage` (getMenuPermissions 'admin.org'); the route
 * itself is guarded by `admin.org`.
 */
export function OrgPage() {
  const { t } = useTranslation();
  const { can } = usePagePermissions('admin.org');
  const canManage = can('admin.org.manage');
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.org')}</h1>
        <p className={p.lead}>{t('adminOrg.description')}</p>
      </div>
      <section className={p.card}>
        <Tabs
          ariaLabel={t('layout.menu.org')}
          items={[
            { id: 'positions', label: t('adminOrg.positions.title'), content: <OrgItemsTab kind="positions" canManage={canManage} /> },
            { id: 'locations', label: t('adminOrg.locations.title'), content: <OrgItemsTab kind="locations" canManage={canManage} /> },
            { id: 'groups', label: t('adminOrg.groups.title'), content: <GroupsTab canManage={canManage} /> },
          ]}
        />
      </section>
    </div>
  );
}
