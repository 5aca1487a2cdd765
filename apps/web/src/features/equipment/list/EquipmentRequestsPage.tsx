import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { usePagePermissions } from '../../access/use-page-permissions';
import { EQUIPMENT_TABLE_KEY } from '../shared/equipment-display';
import { EquipmentTable } from './EquipmentTable';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

/**
 * /home/inventory/requests (issue #12, SPEC §2 named list "inventory requests"): my requests
 * (requested by me or entered by me), and every request with `inventory.requests.viewAll`;
 * status filter, saved column order, export; "New request" with `inventory.requests.create`.
 */
export function EquipmentRequestsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePagePermissions('inventory.requests');
  const views = useMemo(
    () => (can('inventory.requests.viewAll') ? ['mine', 'all'] : ['mine']),
    [can],
  );
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('equipment.list.title')}</h1>
          <p className={p.lead}>{t('equipment.list.description')}</p>
        </div>
        <div className={s.actions}>
          <Button variant="secondary" onPress={() => void navigate('/home/inventory/budgets')}>
            {t('equipment.budgets.title')}
          </Button>
          {can('inventory.requests.create') ? (
            <Button onPress={() => void navigate('/home/inventory/requests/new')}>
              {t('equipment.list.newRequest')}
            </Button>
          ) : null}
        </div>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <EquipmentTable
          key={views.join()}
          tableKey={EQUIPMENT_TABLE_KEY}
          views={views}
          showStatusFilter
          label={t('equipment.list.tableLabel')}
        />
      </section>
    </div>
  );
}
