import { useTranslation } from 'react-i18next';
import {
  CONTRACT_RENEWALS,
  type ContractCurrency,
  type ContractReference,
  type ContractRenewal,
} from '@servicedesk/contracts';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { DatePicker } from '../../shared/lazy-fields';
import { firstDayOfWeek } from '../../shared/format';
import type { ContractFormState } from './use-contract-form';
import * as s from '../shared/contracts.css';

/**
 * The contract's terms (issue #14): subject, then amount and currency, start and end (calendar
 * days), notice period in days, renewal (none, automatic for N months, by agreement) and the
 * responsible person — each with its problem once the form was sent (contract-form).
 */
export function ContractTermsFields({
  form,
  reference,
}: {
  form: ContractFormState;
  reference: ContractReference | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { values, set, errors, message } = form;
  return (
    <>
      <TextField
        label={t('contracts.fields.subject')}
        value={values.subject}
        onChange={(v) => set('subject', v)}
        isRequired
        maxLength={500}
        isInvalid={errors.subject !== undefined}
        errorMessage={message('subject')}
      />
      <div className={s.grid}>
        <TextField
          label={t('contracts.fields.amount')}
          value={values.amount}
          onChange={(v) => set('amount', v)}
          inputMode="decimal"
          isRequired
          isInvalid={errors.amount !== undefined}
          errorMessage={message('amount')}
        />
        <Select
          label={t('contracts.fields.currency')}
          items={(reference?.currencies ?? ['AZN']).map((c) => ({ id: c, label: c }))}
          selectedKey={values.currency}
          onSelectionChange={(key) =>
            key !== null && set('currency', String(key) as ContractCurrency)
          }
        />
        <DatePicker
          label={t('contracts.fields.startDate')}
          value={values.startDate}
          onChange={(v) => set('startDate', v ?? '')}
          firstDayOfWeek={firstDayOfWeek(lang)}
          openCalendarLabel={t('contracts.fields.startDate')}
          isRequired
          isInvalid={errors.startDate !== undefined}
          errorMessage={message('startDate')}
        />
        <DatePicker
          label={t('contracts.fields.endDate')}
          value={values.endDate}
          onChange={(v) => set('endDate', v ?? '')}
          firstDayOfWeek={firstDayOfWeek(lang)}
          openCalendarLabel={t('contracts.fields.endDate')}
          isRequired
          isInvalid={errors.endDate !== undefined}
          errorMessage={message('endDate')}
        />
        <TextField
          label={t('contracts.fields.noticeDays')}
          value={values.noticeDays}
          onChange={(v) => set('noticeDays', v.replace(/\D/g, ''))}
          inputMode="numeric"
          isInvalid={errors.noticeDays !== undefined}
          errorMessage={message('noticeDays')}
        />
        <Select
          label={t('contracts.fields.renewal')}
          items={CONTRACT_RENEWALS.map((r) => ({ id: r, label: t(`contracts.renewal.${r}`) }))}
          selectedKey={values.renewal}
          onSelectionChange={(key) =>
            key !== null && set('renewal', String(key) as ContractRenewal)
          }
        />
        {values.renewal === 'automatic' ? (
          <TextField
            label={t('contracts.fields.renewalMonths')}
            value={values.renewalMonths}
            onChange={(v) => set('renewalMonths', v.replace(/\D/g, ''))}
            inputMode="numeric"
            isInvalid={errors.renewalMonths !== undefined}
            errorMessage={message('renewalMonths')}
          />
        ) : null}
        <Select
          label={t('contracts.fields.responsible')}
          items={(reference?.people ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
          selectedKey={values.responsibleId === null ? null : String(values.responsibleId)}
          onSelectionChange={(key) => set('responsibleId', key === null ? null : Number(key))}
          isRequired
          isInvalid={errors.responsibleId !== undefined}
          errorMessage={message('responsibleId')}
        />
      </div>
    </>
  );
}
