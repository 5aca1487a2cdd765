import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EquipmentRequestDetail } from '@servicedesk/contracts';
import { useEquipmentAction } from '@servicedesk/api/equipment/equipment-mutations';
import { equipmentKeys } from '@servicedesk/api/equipment/equipment-keys';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { useRecordAction } from '../../shared/record/use-record-action';
import { EQUIPMENT_RECORD_KIND } from '../shared/equipment-display';
import * as s from '../shared/equipment.css';

/** The request's budget check (remaining against requested, in its currency); nothing before one was made. */
export function BudgetCheckSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const check = detail.budgetCheck;
  if (!check) return null;
  const money = (n: number) => formatMoney(n, i18n.language, detail.request.currency);
  return (
    <RecordSection title={t('equipment.budget.title')}>
      <p className={check.overBudget ? s.budgetWarning : s.budgetOk} data-testid="budget-check">
        {t(check.overBudget ? 'equipment.budget.over' : 'equipment.budget.within', {
          remaining: money(check.remaining),
          requested: money(check.requested),
        })}
      </p>
    </RecordSection>
  );
}

/**
 * The author's actions the server allows on this request: Edit (to its form), Submit and Cancel
 * (through the record kit's useRecordAction: a toast says what happened or the refusal); nothing
 * when none is allowed.
 */
export function AuthorActionsSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const r = detail.request;
  const action = useEquipmentAction();
  const act = useRecordAction<'submit' | 'cancel'>({ recordKind: EQUIPMENT_RECORD_KIND, recordId: r.id, recordKey: equipmentKeys.detail(r.id) });
  const authorActions = detail.allowedActions.filter(
    (a) => a === 'edit' || a === 'submit' || a === 'cancel',
  );
  if (authorActions.length === 0) return null;
  const run = (which: 'submit' | 'cancel') =>
    act.run(which, () => action.mutateAsync(which === 'submit' ? { id: r.id, action: 'submit' } : { id: r.id, action: 'cancel' }), t(`equipment.done.${which}`)).catch(() => undefined);
  return (
    <RecordSection title={t('equipment.detail.actionsTitle')}>
      <div className={s.actions}>
        {authorActions.includes('edit') ? (
          <Button
            variant="secondary"
            onPress={() => void navigate(`/home/inventory/requests/${r.id}/edit`)}
          >
            {t('equipment.detail.edit')}
          </Button>
        ) : null}
        {authorActions.includes('submit') ? (
          <Button onPress={() => void run('submit')}>{t('equipment.detail.submit')}</Button>
        ) : null}
        {authorActions.includes('cancel') ? (
          <Button variant="danger" onPress={() => void run('cancel')}>
            {t('equipment.detail.cancel')}
          </Button>
        ) : null}
      </div>
    </RecordSection>
  );
}
