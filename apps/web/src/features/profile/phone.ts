import { PHONE_DIGITS, PHONE_PREFIX } from '@servicedesk/contracts';

/**
 * Shapes typed text as the SPEC §2 mask "(00) 0000000": digits only, at most 9, the first two
 * in parentheses. Returns what the field should show.
 */
export function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
}

/** The stored number (994 + 9 digits) as the masked field shows it; '' when none. */
export function phoneToMasked(stored: string | null | undefined): string {
  if (!stored) return '';
  const local = stored.startsWith(PHONE_PREFIX) ? stored.slice(PHONE_PREFIX.length) : stored;
  return maskPhone(local);
}
