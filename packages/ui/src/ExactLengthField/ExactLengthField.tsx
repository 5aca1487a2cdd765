import { TextField, type TextFieldProps } from '../TextField';

export interface ExactLengthFieldProps extends Omit<TextFieldProps, 'maxLength' | 'minLength'> {
  /** The only accepted length, in characters (SPEC §5 flag exactLength). */
  exactLength: number;
  /** Shown when a non-empty value is not exactly `exactLength` long, e.g. "Must be 7 characters". */
  exactLengthMessage: string;
}

/**
 * A TextField that accepts only values of exactly `exactLength` characters (SPEC §5
 * exactLength), e.g. a tax id. Longer input is cut by maxLength; a shorter non-empty value is
 * invalid and shows `exactLengthMessage`. Emptiness is left to `isRequired`.
 */
export function ExactLengthField({
  exactLength,
  exactLengthMessage,
  validate,
  errorMessage,
  ...props
}: ExactLengthFieldProps) {
  return (
    <TextField
      {...props}
      maxLength={exactLength}
      errorMessage={errorMessage ?? ((v) => v.validationErrors.join(' '))}
      validate={(value) => {
        if (value !== '' && value.length !== exactLength) return exactLengthMessage;
        return validate?.(value);
      }}
    />
  );
}
