import { useTranslation } from 'react-i18next';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import {
  LazyNumberField as NumberField,
  LazySelect as Select,
  LazySelectSearch as SelectSearch,
} from '../../shared/lazy-fields';
import { emptyLine, overBudget, type LineValues } from './request-form';
import { useMaterialFinder, type RequestForm } from './use-request-form';
import * as s from '../shared/equipment.css';

interface LineProps {
  form: RequestForm;
  line: LineValues;
  index: number;
  units: { code: string; name: string }[];
  findMaterials: ReturnType<typeof useMaterialFinder>;
}

/** One item of the request: a catalogue material (optional; it fills the description and unit), the description, quantity, unit, estimated unit price, Remove (not of the only one). */
function RequestLine({ form, line, index: i, units, findMaterials }: LineProps) {
  const { t } = useTranslation();
  const { values, set, setLine, errors, message } = form;
  return (
    <div
      className={s.lineBlock}
      role="group"
      aria-label={t('equipment.form.lineLabel', { n: i + 1 })}
    >
      <SelectSearch
        label={t('equipment.form.material')}
        description={t('equipment.form.materialHint')}
        search={findMaterials}
        value={line.material ? { id: line.material.id, name: line.material.name } : null}
        onChange={(found) => {
          const picked = found as (typeof found & { unit?: string; plain?: string }) | null;
          setLine(
            line.key,
            picked
              ? {
                  material: { id: Number(picked.id), name: picked.name },
                  description: picked.plain ?? picked.name,
                  unit: picked.unit ?? line.unit,
                }
              : { material: null },
          );
        }}
        loadingLabel={t('loading')}
        emptyLabel={t('equipment.form.noMaterials')}
        openLabel={t('equipment.form.openMaterials')}
        minLength={0}
      />
      <div className={s.lineRow}>
        <TextField
          label={t('equipment.form.item')}
          value={line.description}
          onChange={(v) => setLine(line.key, { description: v })}
          isRequired
          maxLength={300}
          isInvalid={errors[`line${i}.description`] !== undefined}
          errorMessage={message(errors[`line${i}.description`])}
        />
        <NumberField
          label={t('equipment.form.quantity')}
          value={line.quantity}
          minValue={1}
          step={1}
          onChange={(v) => setLine(line.key, { quantity: v })}
          isInvalid={errors[`line${i}.quantity`] !== undefined}
          errorMessage={message(errors[`line${i}.quantity`])}
        />
        <Select
          label={t('equipment.form.unit')}
          items={units.map((u) => ({ id: u.code, label: u.name }))}
          selectedKey={line.unit}
          onSelectionChange={(key) => key !== null && setLine(line.key, { unit: String(key) })}
        />
        <NumberField
          label={t('equipment.form.price')}
          value={line.price}
          minValue={0}
          formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
          onChange={(v) => setLine(line.key, { price: v })}
          isInvalid={errors[`line${i}.price`] !== undefined}
          errorMessage={message(errors[`line${i}.price`])}
        />
        <Button
          variant="ghost"
          size="sm"
          isDisabled={values.lines.length === 1}
          onPress={() =>
            set(
              'lines',
              values.lines.filter((l) => l.key !== line.key),
            )
          }
          aria-label={t('equipment.form.removeLine', { n: i + 1 })}
        >
          {t('equipment.form.remove')}
        </Button>
      </div>
    </div>
  );
}

/** The request's items (each a {@link RequestLine}) and "Add item". */
export function RequestLines({ form }: { form: RequestForm }) {
  const { t } = useTranslation();
  const findMaterials = useMaterialFinder();
  const units = form.reference.data?.units ?? [{ code: 'pcs', name: 'pcs' }];
  return (
    <fieldset className={s.form}>
      <legend>{t('equipment.form.lines')}</legend>
      {form.values.lines.map((line, i) => (
        <RequestLine key={line.key} form={form} line={line} index={i} units={units} findMaterials={findMaterials} />
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onPress={() => form.set('lines', [...form.values.lines, emptyLine()])}
        >
          {t('equipment.form.addLine')}
        </Button>
      </div>
    </fieldset>
  );
}

/** The total in the budget line's currency and, with a line chosen, whether it stays within what the line has left (else: the director will have to override). */
export function RequestTotal({ form }: { form: RequestForm }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { budget, total } = form;
  return (
    <>
      <p className={s.total} data-testid="request-total">
        {t('equipment.form.total', {
          total: formatMoney(total, lang, budget?.currency ?? 'AZN'),
        })}
      </p>
      {budget ? (
        <p className={overBudget(budget, total) ? s.budgetWarning : s.budgetOk} role="status">
          {overBudget(budget, total)
            ? t('equipment.budget.overOnForm', {
                remaining: formatMoney(budget.remaining, lang, budget.currency),
              })
            : t('equipment.budget.within', {
                remaining: formatMoney(budget.remaining, lang, budget.currency),
                requested: formatMoney(total, lang, budget.currency),
              })}
        </p>
      ) : null}
    </>
  );
}
