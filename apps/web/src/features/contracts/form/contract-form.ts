import {
  CONTRACT_SUBJECT_MAX,
  TIN_LENGTH,
  type Contract,
  type ContractCounterpartyKind,
  type ContractCurrency,
  type ContractRenewal,
  type SaveContractInput,
} from '@servicedesk/contracts';
import { fromMinorUnits, toMinorUnits } from '../shared/contracts-display';

/** The contract form's values (amount typed in major units; dates YYYY-MM-DD). */
export interface ContractFormValues {
  mode: 'existing' | 'new';
  counterpartyId: number | null;
  newKind: ContractCounterpartyKind;
  newName: string;
  newTin: string;
  subject: string;
  amount: string;
  currency: ContractCurrency;
  startDate: string;
  endDate: string;
  noticeDays: string;
  renewal: ContractRenewal;
  renewalMonths: string;
  responsibleId: number | null;
  reviewerIds: number[];
  tagIds: number[];
  fileIds: number[];
}

/** YYYY-MM-DD of a local date. */
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** An empty form: today to the day before the same day next year, 30 days' notice, no renewal. */
export function emptyContractForm(
  today = new Date(),
  me: number | null = null,
): ContractFormValues {
  const end = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate() - 1);
  return {
    mode: 'existing',
    counterpartyId: null,
    newKind: 'vendor',
    newName: '',
    newTin: '',
    subject: '',
    amount: '',
    currency: 'AZN',
    startDate: ymd(today),
    endDate: ymd(end),
    noticeDays: '30',
    renewal: 'none',
    renewalMonths: '12',
    responsibleId: me,
    reviewerIds: [],
    tagIds: [],
    fileIds: [],
  };
}

/** The form of an existing contract (editing a DRAFT or RETURNED one). */
export function formOf(c: Contract): ContractFormValues {
  return {
    ...emptyContractForm(),
    mode: 'existing',
    counterpartyId: c.counterparty.id,
    subject: c.subject,
    amount: fromMinorUnits(c.amountMinor),
    currency: c.currency,
    startDate: c.startDate,
    endDate: c.endDate,
    noticeDays: String(c.noticeDays),
    renewal: c.renewal,
    renewalMonths: String(c.renewalMonths ?? 12),
    responsibleId: c.responsible.id,
    reviewerIds: c.reviewers.map((r) => r.id),
    tagIds: c.tagIds,
  };
}

/** A field's problem: the translation key (contracts area or common). */
export type ContractFormErrors = Partial<Record<keyof ContractFormValues, string>>;

/** The checks the server makes that the form can make first. */
export function validateContractForm(v: ContractFormValues): ContractFormErrors {
  const errors: ContractFormErrors = {};
  if (v.mode === 'existing' && v.counterpartyId === null)
    errors.counterpartyId = 'contracts.form.chooseCounterparty';
  if (v.mode === 'new') {
    if (v.newName.trim() === '') errors.newName = 'contracts.form.required';
    if (!new RegExp(`^\\d{${TIN_LENGTH}}$`).test(v.newTin.trim()))
      errors.newTin = 'contracts.form.tinInvalid';
  }
  if (v.subject.trim().length < 3 || v.subject.trim().length > CONTRACT_SUBJECT_MAX)
    errors.subject = 'contracts.form.required';
  if (toMinorUnits(v.amount) === null) errors.amount = 'contracts.form.required';
  if (!v.startDate) errors.startDate = 'contracts.form.required';
  if (!v.endDate) errors.endDate = 'contracts.form.required';
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    errors.endDate = 'contracts.form.endBeforeStart';
  if (!/^\d+$/.test(v.noticeDays.trim())) errors.noticeDays = 'contracts.form.required';
  if (v.renewal === 'automatic' && !/^[1-9]\d*$/.test(v.renewalMonths.trim()))
    errors.renewalMonths = 'contracts.form.required';
  if (v.responsibleId === null) errors.responsibleId = 'contracts.form.required';
  if (v.reviewerIds.length === 0) errors.reviewerIds = 'contracts.form.chooseReviewers';
  return errors;
}

/** The save call's body of valid values (`id` when editing). */
export function toSaveInput(v: ContractFormValues, id?: number): SaveContractInput {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(v.mode === 'existing'
      ? { counterpartyId: v.counterpartyId ?? 0 }
      : { newCounterparty: { kind: v.newKind, name: v.newName.trim(), tin: v.newTin.trim() } }),
    subject: v.subject.trim(),
    amountMinor: toMinorUnits(v.amount) ?? 0,
    currency: v.currency,
    startDate: v.startDate,
    endDate: v.endDate,
    noticeDays: Number(v.noticeDays),
    renewal: v.renewal,
    renewalMonths: v.renewal === 'automatic' ? Number(v.renewalMonths) : null,
    responsibleId: v.responsibleId ?? 0,
    reviewerIds: v.reviewerIds,
    tagIds: v.tagIds,
    fileIds: v.fileIds,
  };
}
