import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';

/**
 * The label every field of the library draws (TextField, TextArea, NumberField, Select, DatePicker…):
 * RAC's `Label` (wired to the field by RAC's context) with the required mark `*` after the text
 * when `isRequired` — hidden from assistive technology, which hears "required" from the input.
 */
export function FieldLabel({
  label,
  isRequired,
}: {
  label: ReactNode;
  isRequired?: boolean | undefined;
}) {
  return (
    <Label className={fieldStyles.label}>
      {label}
      {isRequired ? (
        <span className={fieldStyles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
}

/**
 * What every field draws under its control: the help text (RAC's `description` slot, so the
 * input is described by it) and the error (RAC's `FieldError`: shown while the field is invalid —
 * `isInvalid`, or a failed `validate` / required check under `validationBehavior="aria"`).
 * `errorMessage` may be a function of RAC's validation result.
 */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string) | undefined;
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </>
  );
}
