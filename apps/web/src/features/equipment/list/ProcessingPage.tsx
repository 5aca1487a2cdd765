import { useTranslation } from 'react-i18next';
import { PROCESSING_TABLE_KEY } from '../shared/equipment-display';
import { EquipmentTable } from './EquipmentTable';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

const VIEWS = ['queue', 'processed'] as const;

/**
 * /home/inventory/processing (issue #12, SPEC §2 named list "inventory request processing"): the
 * warehouse keeper's queue of APPROVED requests and the PROCESSED ones; a row opens the request,
 * where each line is issued from stock or marked for purchase.
 */
export function ProcessingPage() {
  const { t } = useTranslation();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('equipment.processing.title')}</h1>
        <p className={p.lead}>{t('equipment.processing.description')}</p>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <EquipmentTable
          tableKey={PROCESSING_TABLE_KEY}
          views={VIEWS}
          showStatusFilter={false}
          label={t('equipment.processing.tableLabel')}
        />
      </section>
    </div>
  );
}
