import { useTranslation } from 'react-i18next';
import type { ContractCounterpartyKind, ContractReference } from '@servicedesk/contracts';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { TinCheck } from './TinCheck';
import type { ContractFormState } from './use-contract-form';
import * as s from '../shared/contracts.css';

/**
 * The contract's counterparty (issue #14): an existing vendor or contractor chosen from the
 * reference list, or a new one — kind, name, TIN (digits only, at most 10) checked live for
 * duplicates as it is typed (TinCheck names the holder and offers to take it instead).
 */
export function CounterpartyFieldset({
  form,
  reference,
}: {
  form: ContractFormState;
  reference: ContractReference | undefined;
}) {
  const { t } = useTranslation();
  const { values, set, errors, message } = form;
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{t('contracts.fields.counterparty')}</legend>
      <div className={s.choices} role="radiogroup" aria-label={t('contracts.fields.counterparty')}>
        {(['existing', 'new'] as const).map((mode) => (
          <label key={mode} className={s.check}>
            <input
              className={s.checkbox}
              type="radio"
              name="counterparty-mode"
              checked={values.mode === mode}
              onChange={() => set('mode', mode)}
            />
            {t(`contracts.form.${mode}`)}
          </label>
        ))}
      </div>
      {values.mode === 'existing' ? (
        <Select
          label={t('contracts.fields.counterparty')}
          items={(reference?.counterparties ?? []).map((c) => ({
            id: String(c.id),
            label: c.tin ? `${c.name} (${c.tin})` : c.name,
          }))}
          selectedKey={values.counterpartyId === null ? null : String(values.counterpartyId)}
          onSelectionChange={(key) => set('counterpartyId', key === null ? null : Number(key))}
          placeholder={t('contracts.form.chooseCounterparty')}
          isRequired
          isInvalid={errors.counterpartyId !== undefined}
          errorMessage={message('counterpartyId')}
        />
      ) : (
        <div className={s.grid}>
          <Select
            label={t('contracts.fields.counterpartyKind')}
            items={(['vendor', 'contractor'] as const).map((k) => ({
              id: k,
              label: t(`contracts.kind.${k}`),
            }))}
            selectedKey={values.newKind}
            onSelectionChange={(key) =>
              key !== null && set('newKind', String(key) as ContractCounterpartyKind)
            }
          />
          <TextField
            label={t('contracts.fields.counterpartyName')}
            value={values.newName}
            onChange={(v) => set('newName', v)}
            isRequired
            maxLength={200}
            isInvalid={errors.newName !== undefined}
            errorMessage={message('newName')}
          />
          <div>
            <TextField
              label={t('contracts.fields.tin')}
              value={values.newTin}
              onChange={(v) => set('newTin', v.replace(/\D/g, '').slice(0, 10))}
              inputMode="numeric"
              autoComplete="off"
              isRequired
              isInvalid={errors.newTin !== undefined}
              errorMessage={message('newTin')}
            />
            <TinCheck tin={values.newTin} onUseExisting={form.takeExisting} />
          </div>
        </div>
      )}
    </fieldset>
  );
}
