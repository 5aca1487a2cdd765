import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_RENEWALS,
  type ContractCounterpartyKind,
  type ContractCurrency,
  type ContractReference,
  type FileItem,
  type ContractRenewal,
} from '@servicedesk/contracts';
import { useContract } from '@servicedesk/api/contracts/get-contract';
import { useContractsReference } from '@servicedesk/api/contracts/get-contracts-reference';
import { useSaveContract } from '@servicedesk/api/contracts/save-contract';
import { useContractAction } from '@servicedesk/api/contracts/contract-action';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { Button } from '@servicedesk/ui/Button';
import { DatePicker } from '../../shared/lazy-fields';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../../shared/lazy-fields';
import { firstDayOfWeek } from '../../shared/format';
import { storage } from '../../../session/storage';
import { contractErrorText } from '../shared/contracts-display';
import {
  emptyContractForm,
  formOf,
  toSaveInput,
  validateContractForm,
  type ContractFormValues,
} from './contract-form';
import { TinCheck } from './TinCheck';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';

/**
 * /home/contracts/new and /home/contracts/:id/edit (issue #14 "Create a contract"; needs
 * `contracts.create`): the counterparty — an existing vendor or contractor, or a new one with its
 * TIN checked live for duplicates as it is typed (TinCheck names the holder and offers it) —,
 * subject, amount and currency, start and end, notice period, renewal (none, automatic for N
 * months, by agreement), the responsible person, the visa reviewers (holders of the visa
 * permission; they endorse in parallel), files (PDF, DOCX: upload type `contract`). "Save draft"
 * keeps it a DRAFT; "Save and submit" sends it into the chain. The server's refusals show by code
 * (a duplicate TIN names the counterparty that has it).
 */
export function ContractFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const editId = params.id ? Number(params.id) : null;
  const existing = useContract(editId);
  const reference = useContractsReference();
  const title =
    editId === null
      ? t('contracts.form.createTitle')
      : t('contracts.form.editTitle', { number: existing.data?.contract.number ?? `#${editId}` });

  if (reference.isPending || (editId !== null && !existing.data)) {
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{title}</h1>
        {reference.isError || existing.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <p className={p.muted} role="status">
            {t('loading')}
          </p>
        )}
      </div>
    );
  }
  const initial = existing.data
    ? formOf(existing.data.contract)
    : emptyContractForm(new Date(), storage.getUser()?.id ?? null);
  return (
    <ContractForm
      key={editId ?? 'new'}
      title={title}
      editId={editId}
      files={existing.data?.attachments ?? []}
      initial={initial}
      reference={reference.data}
    />
  );
}

/** The form itself, with its values loaded (see {@link ContractFormPage}). */
function ContractForm({
  title,
  editId,
  initial,
  reference: data,
  files,
}: {
  title: string;
  editId: number | null;
  initial: ContractFormValues;
  reference: ContractReference | undefined;
  /** The contract's stored files (editing): shown, and never sent again. */
  files: FileItem[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<ContractFormValues>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveContract();
  const action = useContractAction();
  const tags = useModalElements('tag');
  const lang = i18n.language;

  const set = <K extends keyof ContractFormValues>(key: K, value: ContractFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };
  const errors = attempted ? validateContractForm(values) : {};
  const message = (key: keyof ContractFormValues) => (errors[key] ? t(errors[key]) : undefined);

  async function send(submitToo: boolean) {
    setAttempted(true);
    if (Object.keys(validateContractForm(values)).length > 0) return;
    try {
      const detail = await save.mutateAsync(toSaveInput(values, editId ?? undefined));
      if (submitToo) await action.mutateAsync({ id: detail.contract.id, call: 'submit' });
      toast.show({
        title: t(submitToo ? 'contracts.actions.done.submit' : 'contracts.actions.done.save'),
        variant: 'success',
      });
      void navigate(`/home/contracts/${detail.contract.id}`);
    } catch (error) {
      setServerError(contractErrorText(error, t));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(true);
  }

  const busy = save.isPending || action.isPending;

  return (
    <div className={p.page}>
      <h1 className={p.heading}>{title}</h1>
      <section className={`${p.card} ${s.formCard}`}>
        <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>{t('contracts.fields.counterparty')}</legend>
            <div
              className={s.choices}
              role="radiogroup"
              aria-label={t('contracts.fields.counterparty')}
            >
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
                items={(data?.counterparties ?? []).map((c) => ({
                  id: String(c.id),
                  label: c.tin ? `${c.name} (${c.tin})` : c.name,
                }))}
                selectedKey={values.counterpartyId === null ? null : String(values.counterpartyId)}
                onSelectionChange={(key) =>
                  set('counterpartyId', key === null ? null : Number(key))
                }
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
                  <TinCheck
                    tin={values.newTin}
                    onUseExisting={(id) => {
                      setValues((v) => ({
                        ...v,
                        mode: 'existing',
                        counterpartyId: id,
                        newTin: '',
                        newName: '',
                      }));
                      setServerError(null);
                    }}
                  />
                </div>
              </div>
            )}
          </fieldset>

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
              items={(data?.currencies ?? ['AZN']).map((c) => ({ id: c, label: c }))}
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
              items={(data?.people ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
              selectedKey={values.responsibleId === null ? null : String(values.responsibleId)}
              onSelectionChange={(key) => set('responsibleId', key === null ? null : Number(key))}
              isRequired
              isInvalid={errors.responsibleId !== undefined}
              errorMessage={message('responsibleId')}
            />
          </div>

          <fieldset
            className={s.fieldset}
            aria-invalid={errors.reviewerIds !== undefined || undefined}
          >
            <legend className={s.legend}>{t('contracts.fields.reviewers')}</legend>
            <div className={s.choices}>
              {(data?.reviewers ?? [])
                .filter((u) => u.id !== storage.getUser()?.id)
                .map((u) => (
                  <label key={u.id} className={s.check}>
                    <input
                      className={s.checkbox}
                      type="checkbox"
                      checked={values.reviewerIds.includes(u.id)}
                      onChange={(e) =>
                        set(
                          'reviewerIds',
                          e.target.checked
                            ? [...values.reviewerIds, u.id]
                            : values.reviewerIds.filter((id) => id !== u.id),
                        )
                      }
                    />
                    {u.name}
                  </label>
                ))}
            </div>
            {errors.reviewerIds ? <p className={s.error}>{message('reviewerIds')}</p> : null}
          </fieldset>

          {(tags.data ?? []).length > 0 ? (
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>{t('contracts.fields.tags')}</legend>
              <div className={s.choices}>
                {(tags.data ?? []).map((tag) => (
                  <label key={tag.id} className={s.check}>
                    <input
                      className={s.checkbox}
                      type="checkbox"
                      checked={values.tagIds.includes(tag.id)}
                      onChange={(e) =>
                        set(
                          'tagIds',
                          e.target.checked
                            ? [...values.tagIds, tag.id]
                            : values.tagIds.filter((id) => id !== tag.id),
                        )
                      }
                    />
                    {tag.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          <FileUploadField
            type="contract"
            label={t('contracts.fields.files')}
            defaultFiles={files}
            onChange={(stored) =>
              set(
                'fileIds',
                stored.filter((f) => !files.some((old) => old.id === f.id)).map((f) => f.id),
              )
            }
          />

          {serverError ? (
            <p className={s.error} role="alert">
              {serverError}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button
              variant="secondary"
              onPress={() =>
                void navigate(editId === null ? '/home/contracts' : `/home/contracts/${editId}`)
              }
            >
              {t('contracts.form.cancel')}
            </Button>
            <Button variant="secondary" isPending={busy} onPress={() => void send(false)}>
              {t('contracts.form.saveDraft')}
            </Button>
            <Button type="submit" isPending={busy}>
              {t('contracts.form.saveAndSubmit')}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
