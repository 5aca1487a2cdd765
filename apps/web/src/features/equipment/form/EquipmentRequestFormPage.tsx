import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  useEquipmentReference,
  useEquipmentRequest,
} from '@servicedesk/api/equipment/get-equipment-request';
import { useSaveEquipmentRequest } from '@servicedesk/api/equipment/equipment-mutations';
import { searchMaterials } from '@servicedesk/api/equipment/search-materials';
import { useApiClient } from '@servicedesk/api/provider';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { TextArea } from '@servicedesk/ui/TextArea';
import { TextField } from '@servicedesk/ui/TextField';
import {
  FileUploadField,
  LazyNumberField as NumberField,
  LazySelect as Select,
  LazySelectSearch as SelectSearch,
  usePreload,
} from '../../shared/lazy-fields';
import { refusalKey } from '../../shared/record/refusal';
import { storage } from '../../../session/storage';
import { requestPath } from '../shared/equipment-display';
import {
  emptyForm,
  emptyLine,
  formOf,
  overBudget,
  toSaveInput,
  totalOf,
  validateForm,
  type FieldError,
  type LineValues,
  type RequestFormValues,
} from './request-form';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

/**
 * /home/inventory/requests/new and /home/inventory/requests/:id/edit (issue #12 "Create"): on
 * behalf of (with `inventory.requests.onBehalf`), the budget line with what it has left, the
 * justification, lines (free text, quantity, unit, estimated unit price), attachments; the total
 * and — when it goes over the line's remaining amount — a warning that the director will have to
 * override. "Save draft" keeps it a DRAFT; "Submit" sends it to the director.
 */
export function EquipmentRequestFormPage() {
  const { t, i18n } = useTranslation();
  // The form shows once the reference data is there; its fields' code loads meanwhile (issue #19).
  usePreload(Select, SelectSearch, NumberField);
  const navigate = useNavigate();
  const params = useParams();
  const editId = params.id ? Number(params.id) : undefined;
  const existing = useEquipmentRequest(editId ?? null);
  const reference = useEquipmentReference();
  const save = useSaveEquipmentRequest();
  const client = useApiClient();
  const findMaterials = useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
        unit: m.unitCode,
        plain: m.name,
      })),
    [client],
  );
  const [values, setValues] = useState<RequestFormValues>(emptyForm);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState<'draft' | 'submit' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const lang = i18n.language;
  const me = storage.getUser()?.id ?? null;

  // The request to edit fills the form once it arrives (state adjusted while rendering, not in an effect).
  if (existing.data && loadedId !== existing.data.request.id) {
    setValues(formOf(existing.data.request));
    setLoadedId(existing.data.request.id);
  }

  const budgets = useMemo(() => reference.data?.budgets ?? [], [reference.data]);
  const budget = budgets.find((b) => b.id === values.budgetId);
  const total = totalOf(values.lines);
  const errors = attempt ? validateForm(values, attempt === 'submit') : {};
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, error.values ?? {}) : undefined;
  const units = reference.data?.units ?? [{ code: 'pcs', name: 'pcs' }];
  const budgetItems = useMemo(
    () =>
      budgets.map((b) => ({
        id: String(b.id),
        label: t('equipment.form.budgetOption', {
          group: b.groupName,
          year: b.year,
          category: t(`equipment.budgetCategory.${b.category}`),
          remaining: formatMoney(b.remaining, lang, b.currency),
        }),
      })),
    [budgets, t, lang],
  );

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };
  const setLine = (key: number, change: Partial<LineValues>) =>
    set(
      'lines',
      values.lines.map((l) => (l.key === key ? { ...l, ...change } : l)),
    );

  const send = (submit: boolean) => {
    setAttempt(submit ? 'submit' : 'draft');
    if (Object.keys(validateForm(values, submit)).length > 0) return;
    save.mutate(toSaveInput(values, editId, submit), {
      onSuccess: (detail) => void navigate(requestPath(detail.request.id)),
      onError: (error) =>
        setServerError(t(refusalKey(error), { defaultValue: t('error.generic') })),
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(true);
  };

  const title = editId
    ? t('equipment.form.editTitle', { number: existing.data?.request.number ?? '' })
    : t('equipment.form.title');
  const loading = reference.isPending || (editId !== undefined && existing.isPending);
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{title}</h1>
        <p className={p.lead}>{t('equipment.form.description')}</p>
      </div>
      <section className={p.card}>
        {loading ? (
          <p className={s.muted} role="status">
            {t('loading')}
          </p>
        ) : reference.isError || existing.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
            <div className={s.formGrid}>
              {reference.data?.mayRequestOnBehalf ? (
                <Select
                  label={t('equipment.form.requester')}
                  items={(reference.data.people ?? []).map((u) => ({
                    id: String(u.id),
                    label: u.id === me ? t('equipment.form.me', { name: u.name }) : u.name,
                  }))}
                  selectedKey={String(values.requesterId ?? me ?? '')}
                  onSelectionChange={(key) => set('requesterId', key === null ? null : Number(key))}
                />
              ) : null}
              <Select
                label={t('equipment.form.budget')}
                items={budgetItems}
                selectedKey={values.budgetId === null ? null : String(values.budgetId)}
                onSelectionChange={(key) => set('budgetId', key === null ? null : Number(key))}
                placeholder={t('equipment.form.chooseBudget')}
                isInvalid={errors.budgetId !== undefined}
                errorMessage={message(errors.budgetId)}
              />
            </div>
            <TextArea
              label={t('equipment.form.justification')}
              value={values.justification}
              onChange={(v) => set('justification', v)}
              rows={3}
              isRequired
              isInvalid={errors.justification !== undefined}
              errorMessage={message(errors.justification)}
            />
            <fieldset className={s.form}>
              <legend>{t('equipment.form.lines')}</legend>
              {values.lines.map((line, i) => (
                <div
                  key={line.key}
                  className={s.lineBlock}
                  role="group"
                  aria-label={t('equipment.form.lineLabel', { n: i + 1 })}
                >
                  <SelectSearch
                    label={t('equipment.form.material')}
                    description={t('equipment.form.materialHint')}
                    search={findMaterials}
                    value={
                      line.material ? { id: line.material.id, name: line.material.name } : null
                    }
                    onChange={(found) => {
                      const picked = found as
                        (typeof found & { unit?: string; plain?: string }) | null;
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
                      onSelectionChange={(key) =>
                        key !== null && setLine(line.key, { unit: String(key) })
                      }
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
              ))}
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onPress={() => set('lines', [...values.lines, emptyLine()])}
                >
                  {t('equipment.form.addLine')}
                </Button>
              </div>
            </fieldset>
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
            <FileUploadField
              type="equipmentRequest"
              label={t('equipment.form.attachments')}
              onChange={(files) =>
                set(
                  'fileIds',
                  files.map((f) => f.id),
                )
              }
            />
            {serverError ? (
              <p className={s.budgetWarning} role="alert">
                {serverError}
              </p>
            ) : null}
            <div className={s.formActions}>
              <Button
                variant="ghost"
                onPress={() =>
                  void navigate(editId ? requestPath(editId) : '/home/inventory/requests')
                }
              >
                {t('cancel')}
              </Button>
              <Button
                variant="secondary"
                isPending={save.isPending && attempt === 'draft'}
                isDisabled={save.isPending}
                onPress={() => send(false)}
              >
                {t('equipment.form.saveDraft')}
              </Button>
              <Button
                type="submit"
                isPending={save.isPending && attempt === 'submit'}
                isDisabled={save.isPending}
              >
                {t('equipment.form.submit')}
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
