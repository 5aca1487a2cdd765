import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';

/**
 * A field's problem for {@link useFormCheck}: the message to show (already translated), or
 * nothing (`null`, `undefined`, `false`) when the field is fine.
 */
export type FieldProblem = string | null | undefined | false;

/** Whether a form value counts as not given: null/undefined, blank text, NaN, an empty array. */
export function isBlankValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The props a field of the kit takes to show a check's outcome (TextField, Select, ComboBox, NumberField, ...). */
export interface FieldCheckProps {
  isInvalid: boolean;
  errorMessage: string | undefined;
}

/** What {@link useFormCheck} gives a form. */
export interface FormCheck {
  /** `isInvalid` / `errorMessage` for the field `name`: shown once the user has tried to send. */
  field: (name: string) => FieldCheckProps;
  /** The form's submit handler: stops the browser's own submit, then sends only when no field has a problem. */
  onSubmit: (send: () => void) => (event?: FormEvent) => void;
  /** Runs `send` when no field has a problem, else shows the problems and focuses the first; true when sent. */
  trySend: (send: () => void) => boolean;
}

/** The translated "This field is required." when `value` is blank ({@link isBlankValue}), else null: a problem for {@link useFormCheck}. */
export function requiredMessage(t: TFunction, value: unknown): string | null {
  return isBlankValue(value) ? t('validation.required') : null;
}

/**
 * The product's own validation for a form, in place of the browser's: the app runs every field
 * with react-aria's `validationBehavior="aria"` (app/aria-locale.tsx), so no native "Please fill
 * out this field." bubble ever shows and no field keeps a stale native error that blocks the next
 * submit. The form states its problems each render — `problems` maps a field name to its
 * translated message (see `required`) — and the check shows them only after the first attempt to
 * send, then live, so a fixed field clears at once and the next submit sends. A server refusal is
 * the form's own business (shown by it); it never blocks the next attempt.
 */
export function useFormCheck(problems: Record<string, FieldProblem>): FormCheck {
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef(problems);
  latest.current = problems;
  useEffect(() => {
    if (focusRequest === 0 || typeof document === 'undefined') return;
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const has = () => Object.values(latest.current).some((p) => typeof p === 'string' && p !== '');
  const trySend = (send: () => void) => {
    setAttempted(true);
    if (has()) {
      setFocusRequest((n) => n + 1);
      return false;
    }
    send();
    return true;
  };
  return {
    field: (name) => {
      const problem = attempted ? problems[name] : undefined;
      const message = typeof problem === 'string' && problem !== '' ? problem : undefined;
      return { isInvalid: message !== undefined, errorMessage: message };
    },
    onSubmit: (send) => (event) => {
      event?.preventDefault();
      trySend(send);
    },
    trySend,
  };
}
