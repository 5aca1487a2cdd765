import { PasswordField } from '../PasswordField';
import { TextField, type TextFieldProps } from '../TextField';

export interface ConfirmFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** The sibling field's current value this field must equal (SPEC §5 notMatching). */
  matchValue: string;
  /** Shown when a non-empty value differs from `matchValue`, e.g. "Passwords do not match". */
  notMatchingMessage: string;
  /** Render a PasswordField (with the eye toggle) instead of a plain text field. @default false */
  isPassword?: boolean;
  /** Eye-toggle label when `isPassword`. @default 'Show' */
  showLabel?: string;
  /** Eye-toggle label when `isPassword`. @default 'Hide' */
  hideLabel?: string;
}

/**
 * A confirmation field (SPEC §5 flag notMatching): a TextField, or a PasswordField with
 * `isPassword`, that is invalid while its non-empty value differs from `matchValue` — e.g.
 * "repeat the new password". Revalidates when the sibling changes, because `validate` is
 * re-run on every render. The error appears in the field's FieldError (announced).
 */
export function ConfirmField({
  matchValue,
  notMatchingMessage,
  isPassword = false,
  showLabel = 'Show',
  hideLabel = 'Hide',
  validate,
  ...props
}: ConfirmFieldProps) {
  const check = (value: string) => {
    if (value !== '' && value !== matchValue) return notMatchingMessage;
    return validate?.(value);
  };
  return isPassword ? (
    <PasswordField
      autoComplete="new-password"
      {...props}
      showLabel={showLabel}
      hideLabel={hideLabel}
      validate={check}
    />
  ) : (
    <TextField {...props} validate={check} />
  );
}
