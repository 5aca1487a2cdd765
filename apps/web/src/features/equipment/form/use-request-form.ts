import { useMemo, useState } from 'react';
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
import { refusalKey } from '../../shared/record/refusal';
import { requestPath } from '../shared/equipment-display';
import {
  emptyForm,
  formOf,
  toSaveInput,
  totalOf,
  validateForm,
  type FieldError,
  type LineValues,
  type RequestFormValues,
} from './request-form';

/** The catalogue search of a line's material: `code · name`, its unit and its plain name (the line's description). */
export function useMaterialFinder() {
  const client = useApiClient();
  return useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
        unit: m.unitCode,
        plain: m.name,
      })),
    [client],
  );
}

/**
 * The equipment request form's state: a new request, or the one of the route's `:id` (the form
 * is filled once it arrives), the reference data (budget lines, units, people; `budgetItems`: each line with what it has left), the values and
 * their setters (`set`, `setLine`: each clears the server's refusal), the problems shown after a
 * first attempt (`errors`, `message` translating one), the total (minor units) and the chosen
 * budget line. `send(submit)` validates, saves (as a draft, or submitting it to the director) and
 * opens the request; a refusal lands in `serverError`, translated.
 */
export function useRequestForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const params = useParams();
  const editId = params.id ? Number(params.id) : undefined;
  const existing = useEquipmentRequest(editId ?? null);
  const reference = useEquipmentReference();
  const save = useSaveEquipmentRequest();
  const [values, setValues] = useState<RequestFormValues>(emptyForm);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState<'draft' | 'submit' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // The request to edit fills the form once it arrives (state adjusted while rendering, not in an effect).
  if (existing.data && loadedId !== existing.data.request.id) {
    setValues(formOf(existing.data.request));
    setLoadedId(existing.data.request.id);
  }

  const budgets = useMemo(() => reference.data?.budgets ?? [], [reference.data]);
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
  const budget = budgets.find((b) => b.id === values.budgetId);
  const total = totalOf(values.lines);
  const errors = attempt ? validateForm(values, attempt === 'submit') : {};
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, error.values ?? {}) : undefined;

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

  return {
    editId,
    existing,
    reference,
    save,
    attempt,
    values,
    set,
    setLine,
    errors,
    message,
    serverError,
    send,
    budgetItems,
    budget,
    total,
  };
}

/** What {@link useRequestForm} gives the form's sections. */
export type RequestForm = ReturnType<typeof useRequestForm>;
