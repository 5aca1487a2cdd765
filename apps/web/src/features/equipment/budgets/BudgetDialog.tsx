import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUDGET_CATEGORIES, MONEY_MAX } from '@servicedesk/contracts/plain/equipment';
import type { BudgetLine } from '@servicedesk/contracts';
import { useSaveBudget } from '@servicedesk/api/equipment/budgets';
import { useGroups } from '@servicedesk/api/admin/org/get-groups';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { NumberField } from '@servicedesk/ui/NumberField';
import { Select } from '@servicedesk/ui/Select';
import { toMinor } from '../form/request-form';
import { refusalKey } from '../../shared/record/refusal';
import * as f from '../../shared/forms.css';

/** Minor units (qəpik) from an amount typed in major units; NaN and negatives → null (refused by the form). */
export function toMinorUnits(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  const minor = toMinor(amount);
  return minor <= MONEY_MAX ? minor : null;
}

/** The budget dialog's props: `line` null creates a line for `year` (one of `years`). */
export interface BudgetDialogProps {
  line: BudgetLine | null;
  year: number;
  years: number[];
  onClose: () => void;
}

/**
 * Creates a budget line (group, year, category, planned amount) or changes the planned amount of
 * `line`. The amount is typed in major units and sent in minor units; the server's refusals
 * (`budgetExists`, `unknownGroup`) are shown in the dialog, which stays open with what was typed.
 */
export function BudgetDialog({ line, year, years, onClose }: BudgetDialogProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const save = useSaveBudget();
  const [groupId, setGroupId] = useState<string | null>(line ? String(line.groupId) : null);
  const [lineYear, setLineYear] = useState(line?.year ?? year);
  const [category, setCategory] = useState<string | null>(line?.category ?? null);
  const [amount, setAmount] = useState<number>(line ? line.planned / 100 : Number.NaN);
  const [submitted, setSubmitted] = useState(false);
  const planned = toMinorUnits(amount);
  const missing = { group: groupId === null, category: category === null, amount: planned === null };

  function submit() {
    setSubmitted(true);
    if (missing.group || missing.category || planned === null) return;
    save.mutate(
      {
        ...(line ? { id: line.id } : {}),
        groupId: Number(groupId),
        year: lineYear,
        category: category as BudgetLine['category'],
        planned,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      title={line ? t('equipment.budgets.editTitle') : t('equipment.budgets.new')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('close')}
      footer={
        <Button isPending={save.isPending} onPress={submit}>
          {t('save')}
        </Button>
      }
    >
      <div className={f.form}>
        {save.isError ? (
          <p className={f.error} role="alert">
            {t(refusalKey(save.error))}
          </p>
        ) : null}
        <Select
          label={t('equipment.budgets.columns.group')}
          placeholder={t('equipment.budgets.choose')}
          items={(groups.data ?? []).filter((g) => g.isActive || String(g.id) === groupId).map((g) => ({ id: String(g.id), label: g.name }))}
          selectedKey={groupId}
          onSelectionChange={(key) => setGroupId(key === null ? null : String(key))}
          isDisabled={line !== null}
          isRequired
          isInvalid={submitted && missing.group}
          errorMessage={t('validation.required')}
        />
        <Select
          label={t('equipment.budgets.year')}
          items={years.map((y) => ({ id: String(y), label: String(y) }))}
          selectedKey={String(lineYear)}
          onSelectionChange={(key) => key !== null && setLineYear(Number(key))}
          isDisabled={line !== null}
        />
        <Select
          label={t('equipment.budgets.columns.category')}
          placeholder={t('equipment.budgets.choose')}
          items={BUDGET_CATEGORIES.map((c) => ({ id: c, label: t(`equipment.budgetCategory.${c}`) }))}
          selectedKey={category}
          onSelectionChange={(key) => setCategory(key === null ? null : String(key))}
          isDisabled={line !== null}
          isRequired
          isInvalid={submitted && missing.category}
          errorMessage={t('validation.required')}
        />
        <NumberField
          label={t('equipment.budgets.columns.planned')}
          value={amount}
          minValue={0}
          formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
          onChange={setAmount}
          isRequired
          isInvalid={submitted && missing.amount}
          errorMessage={t('equipment.budgets.amountInvalid')}
        />
      </div>
    </Dialog>
  );
}
