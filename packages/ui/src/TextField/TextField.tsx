import type { ReactNode } from 'react';
import {
  Input,
  TextField as RACTextField,
  composeRenderProps,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as styles from './TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'children'> {
  /** Visible label, already translated. */
  label: string;
  /** Help text under the input. @default undefined */
  description?: string;
  /** Error text shown when the field is invalid (isInvalid, or RAC validation failed); a function receives RAC's validation result. @default undefined (the browser's message for native validation) */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Placeholder text inside the input. @default undefined */
  placeholder?: string;
  /** Content drawn over the end of the input (e.g. a toggle button); the input keeps room for it. @default undefined */
  endAdornment?: ReactNode;
}

/**
 * A labelled text input with description and error message, wrapping RAC's TextField: all RAC
 * props work (type, value, defaultValue, onChange, isRequired, isInvalid, isDisabled,
 * autoComplete, name, validate, inputMode, …).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  endAdornment,
  className,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField
      {...props}
      className={composeRenderProps(className, (cn) =>
        [styles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      {endAdornment ? (
        <div className={styles.inputWrap}>
          <Input className={styles.input({ withAdornment: true })} placeholder={placeholder} />
          <div className={styles.adornment}>{endAdornment}</div>
        </div>
      ) : (
        <Input className={styles.input()} placeholder={placeholder} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
