import {
  TextArea as RACTextArea,
  TextField as RACTextField,
  composeRenderProps,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './TextArea.css';

export interface TextAreaProps extends Omit<RACTextFieldProps, 'children' | 'type'> {
  /** Visible label, already translated. */
  label: string;
  /** Help text under the box. @default undefined */
  description?: string;
  /** Error text shown when invalid (isInvalid or RAC validation); a function receives RAC's validation result. @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Placeholder text. @default undefined */
  placeholder?: string;
  /** Visible rows. @default 4 */
  rows?: number;
}

/**
 * A labelled multi-line text input (RAC TextField + TextArea). All RAC TextField props work
 * (value, onChange, isRequired, minLength, maxLength, validate, validationBehavior, name, …);
 * the error appears in a FieldError linked to the box, so screen readers announce it.
 */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  className,
  ...props
}: TextAreaProps) {
  return (
    <RACTextField
      {...props}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <RACTextArea
        rows={rows}
        placeholder={placeholder}
        className={[fieldStyles.input(), styles.textArea].join(' ')}
      />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
