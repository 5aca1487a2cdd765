import type { LocalizedNames } from '@servicedesk/contracts';

/*
 * The help-desk catalogue forms (issue #6 "Admin: categories, components, priorities with
 * their target times"), checked as the server checks (contracts helpdeskCategoryInput,
 * helpdeskComponentInput, helpdeskPriorityInput).
 */

/** The name fields in the interface languages: az (the source) required, the others optional. */
export const NAME_LANGUAGES = ['az', 'en', 'ru', 'tr'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

/** Longest name (contracts localizedNames). */
export const NAME_MAX = 100;
/** Largest sort order. */
export const SORT_MAX = 10_000;
/** Longest target time: 90 days in minutes. */
export const TARGET_MAX_MINUTES = 90 * 24 * 60;

/** An error of one field, as an i18n key with its values. */
export interface CatalogFieldError {
  key: string;
  values?: Record<string, number>;
}
export type CatalogErrors = Partial<Record<string, CatalogFieldError>>;

/** The names' problems (`names.az` required; each at most 100 characters). */
export function validateNames(names: Record<NameLanguage, string>): CatalogErrors {
  const errors: CatalogErrors = {};
  for (const lang of NAME_LANGUAGES) {
    const value = names[lang].trim();
    if (lang === 'az' && value === '') errors[`names.${lang}`] = { key: 'helpdesk.catalog.errors.nameRequired' };
    else if (value.length > NAME_MAX) errors[`names.${lang}`] = { key: 'helpdesk.catalog.errors.nameTooLong', values: { max: NAME_MAX } };
  }
  return errors;
}

/** The sort order's problem: a whole number 0…10,000. */
export function validateSortOrder(value: number): CatalogErrors {
  return Number.isInteger(value) && value >= 0 && value <= SORT_MAX ? {} : { sortOrder: { key: 'helpdesk.catalog.errors.sortOrder', values: { max: SORT_MAX } } };
}

/** The names as the server takes them: trimmed, empty optional languages left out. */
export function toLocalizedNames(names: Record<NameLanguage, string>): LocalizedNames {
  const out: LocalizedNames = { az: names.az.trim() };
  for (const lang of ['en', 'ru', 'tr'] as const) {
    const value = names[lang].trim();
    if (value) out[lang] = value;
  }
  return out;
}

/** The form's name fields of stored names (missing languages empty). */
export function namesForm(names?: LocalizedNames): Record<NameLanguage, string> {
  return { az: names?.az ?? '', en: names?.en ?? '', ru: names?.ru ?? '', tr: names?.tr ?? '' };
}

/** Units a target time is entered in. */
export type TargetUnit = 'minutes' | 'hours' | 'days';
const UNIT_MINUTES: Record<TargetUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** A target time in its largest whole unit (240 → 4 hours). */
export function splitTarget(minutes: number): { amount: number; unit: TargetUnit } {
  if (minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'days' };
  if (minutes % 60 === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

/** Minutes of an amount in a unit. */
export const toMinutes = (amount: number, unit: TargetUnit) => amount * UNIT_MINUTES[unit];

/** The target time's problem: a whole amount, 1 minute … 90 days. */
export function validateTarget(amount: number, unit: TargetUnit): CatalogErrors {
  const minutes = toMinutes(amount, unit);
  if (!Number.isInteger(amount) || amount < 1) return { target: { key: 'helpdesk.catalog.errors.targetMin' } };
  if (minutes > TARGET_MAX_MINUTES) return { target: { key: 'helpdesk.catalog.errors.targetMax', values: { days: 90 } } };
  return {};
}
