import type {
  BudgetLine,
  EquipmentRequest,
  SaveEquipmentRequestInput,
} from '@servicedesk/contracts';
import { toMajorUnits } from '@servicedesk/i18n';

/** One line as the form edits it: the price in major units (manat) as typed. */
export interface LineValues {
  key: number;
  /** A catalogue material (null: free text). */
  material: { id: number; name: string } | null;
  description: string;
  quantity: number;
  unit: string;
  /** Price of one unit in major units (AZN), two decimals. */
  price: number;
}

/** The form's values. */
export interface RequestFormValues {
  requesterId: number | null;
  budgetId: number | null;
  justification: string;
  lines: LineValues[];
  fileIds: number[];
}

/** A field's problem as an i18n key (with values). */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

let nextKey = 1;
/** An empty line (one piece). */
export const emptyLine = (): LineValues => ({
  key: nextKey++,
  material: null,
  description: '',
  quantity: 1,
  unit: 'pcs',
  price: 0,
});

/** The form of a new request. */
export const emptyForm = (): RequestFormValues => ({
  requesterId: null,
  budgetId: null,
  justification: '',
  lines: [emptyLine()],
  fileIds: [],
});

/** The form of an existing request (edit while DRAFT or RETURNED). */
export function formOf(request: EquipmentRequest): RequestFormValues {
  return {
    requesterId: request.requester.id,
    budgetId: request.budget?.id ?? null,
    justification: request.justification,
    lines: request.lines.map((l) => ({
      key: nextKey++,
      material: l.material ? { id: l.material.id, name: l.material.name } : null,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      price: toMajorUnits(l.unitPrice),
    })),
    fileIds: [],
  };
}

/** Minor units (qəpik) of a price in manat. */
export const toMinor = (price: number) => Math.round((Number.isFinite(price) ? price : 0) * 100);

/** The request's total in minor units. */
export const totalOf = (lines: readonly LineValues[]) =>
  lines.reduce(
    (sum, l) => sum + (Number.isFinite(l.quantity) ? l.quantity : 0) * toMinor(l.price),
    0,
  );

/**
 * The form's problems (the server checks the same rules): a justification of ≥ 10 characters,
 * every line described (≥ 2 characters) with a quantity ≥ 1; a budget line to submit.
 */
export function validateForm(
  values: RequestFormValues,
  submitting: boolean,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (values.justification.trim().length < 10)
    errors.justification = { key: 'equipment.form.errors.justification', values: { n: 10 } };
  values.lines.forEach((l, i) => {
    if (l.description.trim().length < 2)
      errors[`line${i}.description`] = { key: 'equipment.form.errors.description' };
    if (!Number.isInteger(l.quantity) || l.quantity < 1)
      errors[`line${i}.quantity`] = { key: 'equipment.form.errors.quantity' };
    if (!Number.isFinite(l.price) || l.price < 0)
      errors[`line${i}.price`] = { key: 'equipment.form.errors.price' };
  });
  if (submitting && values.budgetId === null)
    errors.budgetId = { key: 'equipment.form.errors.budget' };
  return errors;
}

/** The save call of the form. */
export function toSaveInput(
  values: RequestFormValues,
  id: number | undefined,
  submit: boolean,
): SaveEquipmentRequestInput {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(values.requesterId !== null ? { requesterId: values.requesterId } : {}),
    budgetId: values.budgetId,
    justification: values.justification.trim(),
    lines: values.lines.map((l) => ({
      ...(l.material ? { materialId: l.material.id } : {}),
      description: l.description.trim(),
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: toMinor(l.price),
    })),
    fileIds: values.fileIds,
    submit,
  };
}

/** Whether the total goes over what the budget line has left (the director will need an override). */
export const overBudget = (budget: BudgetLine | undefined, total: number) =>
  budget !== undefined && total > budget.remaining;
