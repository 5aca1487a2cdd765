import {
  Button as RACButton,
  Group,
  Input,
  NumberField as RACNumberField,
  composeRenderProps,
  type NumberFieldProps as RACNumberFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './NumberField.css';

export interface NumberFieldProps extends Omit<RACNumberFieldProps, 'children'> {
  /** Visible label, already translated. */
  label: string;
  /** Help text under the field. @default undefined */
  description?: string;
  /** Error text for other failures (isInvalid, isRequired, min/max). @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** SPEC §5 flag notZero: when given, the value 0 is invalid and this text is shown. @default undefined (0 allowed) */
  notZeroMessage?: string;
  /** Accessible name of the − stepper; without both stepper labels there are no steppers. @default undefined */
  decrementLabel?: string;
  /** Accessible name of the + stepper. @default undefined */
  incrementLabel?: string;
  /** Placeholder text. @default undefined */
  placeholder?: string;
}

/**
 * A labelled, locale-aware number input (RAC NumberField): parses and formats with
 * `formatOptions`, steps with arrow keys, and with `notZeroMessage` flags 0 as invalid
 * (SPEC §5 notZero). onChange receives a number (NaN when cleared), as in RAC.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  notZeroMessage,
  decrementLabel,
  incrementLabel,
  placeholder,
  validate,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <RACNumberField
      {...props}
      validate={(value) => {
        if (notZeroMessage !== undefined && value === 0) return notZeroMessage;
        return validate?.(value);
      }}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        {decrementLabel && incrementLabel ? (
          <RACButton slot="decrement" aria-label={decrementLabel} className={styles.stepper}>
            −
          </RACButton>
        ) : null}
        <Input className={fieldStyles.input()} placeholder={placeholder} />
        {decrementLabel && incrementLabel ? (
          <RACButton slot="increment" aria-label={incrementLabel} className={styles.stepper}>
            +
          </RACButton>
        ) : null}
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACNumberField>
  );
}
