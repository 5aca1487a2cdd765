import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { Tabs } from '@servicedesk/ui/Tabs';
import { usePagePermissions } from '../access/use-page-permissions';
import { useLiveRecords } from '../../realtime/live-records';
import { ImportDialog } from './ImportDialog';
import { ImportsTable } from './ImportsTable';
import { CurrencyRatesTab } from './CurrencyRatesTab';
import { DebtReportTab } from './DebtReportTab';
import { GroupsTab, PaymentTypesTab } from './DebtReferenceTabs';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';
import { LazySelect as Select, usePreload } from '../shared/lazy-fields';

type Tab = 'report' | 'rates' | 'paymentTypes' | 'groups' | 'imports';

/**
 * /home/finance/debt-reports (issue #17; SPEC §7 debt reports; SPEC §2 the "debt-report payment
 * types" list screen): the counterparties with their balances, the overall ageing, the payment
 * types, the groups and the imported files; "Import 1C data" (with `finance.debtReports.import1C`)
 * opens the preview-then-import dialog; a link leads to the wagon dislocation. Live: a change of a
 * report (RecordChanged "debtReport") refreshes it.
 */
export function DebtReportsPage() {
  const { t } = useTranslation();
  usePreload(Select);
  const { can } = usePagePermissions('finance.debtReports');
  const [tab, setTab] = useState<Tab>('report');
  const [importing, setImporting] = useState(false);
  useLiveRecords();
  const canManage = can('finance.debtReports.manage');
  const content: Record<Tab, ReactElement> = {
    report: <DebtReportTab />,
    paymentTypes: <PaymentTypesTab canManage={canManage} />,
    groups: <GroupsTab canManage={canManage} />,
    imports: <ImportsTable kind="oneC" />,
    rates: <CurrencyRatesTab canManage={canManage} />,
  };
  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('debts.title')}</h1>
          <p className={p.lead}>{t('debts.description')}</p>
        </div>
        <div className={s.headerActions}>
          {can('finance.debtReports.dislocation') ? (
            <RouterLink className={f.link} to="/home/finance/dislocation">
              {t('debts.list.dislocation')}
            </RouterLink>
          ) : null}
          {can('finance.debtReports.import1C') ? <Button onPress={() => setImporting(true)}>{t('debts.list.import1C')}</Button> : null}
        </div>
      </div>
      <section className={`${p.card} ${s.tableCard}`}>
        <Tabs
          ariaLabel={t('debts.tabs.label')}
          selectedKey={tab}
          onSelectionChange={(key) => setTab(key as Tab)}
          items={(['report', 'rates', 'paymentTypes', 'groups', 'imports'] as const).map((id) => ({ id, label: id === 'rates' ? t('money.rates.tab') : t(`debts.tabs.${id}`), content: content[id] }))}
        />
      </section>
      <ImportDialog kind="oneC" isOpen={importing} onOpenChange={setImporting} />
    </div>
  );
}
