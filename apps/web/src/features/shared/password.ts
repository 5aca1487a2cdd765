import { PASSWORD_MIN_LENGTH, passwordFlags } from '@servicedesk/contracts';
import type { TFunction } from 'i18next';

/**
 * The SPEC §5 flags a new password violates, as one translated sentence per flag
 * (validation.lowercase / uppercase / digit / minLength of common.json); undefined when valid
 * or still empty.
 */
export function passwordError(value: string, t: TFunction): string | undefined {
  if (value === '') return undefined;
  const flags = passwordFlags(value);
  if (flags.length === 0) return undefined;
  return flags.map((flag) => t(`validation.${flag}`, { min: PASSWORD_MIN_LENGTH })).join(' ');
}

/** The confirmation rule of SPEC §5 (flag notMatching); undefined while empty or equal. */
export function confirmationError(value: string, sibling: string, t: TFunction): string | undefined {
  if (value === '' || value === sibling) return undefined;
  return t('validation.notMatching');
}
