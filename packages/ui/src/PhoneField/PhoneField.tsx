import IMask from 'imask';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Input,
  TextField as RACTextField,
  composeRenderProps,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './PhoneField.css';

/** The visible mask (SPEC §5): two operator digits in parentheses, a space, seven digits. */
export const PHONE_MASK = '(00) 0000000';
/** Digits after the country prefix (SPEC §5, §9). */
export const PHONE_DIGITS = 9;
/** Country prefix of every emitted number (SPEC §5). */
export const PHONE_PREFIX = '994';

/** Digits of a stored or pasted number without the 994 prefix, at most 9. */
function localDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > PHONE_DIGITS && digits.startsWith(PHONE_PREFIX)) {
    digits = digits.slice(PHONE_PREFIX.length);
  }
  return digits.slice(0, PHONE_DIGITS);
}

/**
 * Formats digits with the mask through imask, e.g. "501234567" → "(50) 1234567".
 * Exported for tests and read-only display.
 */
export function formatPhone(value: string): string {
  const mask = IMask.createMask({ mask: PHONE_MASK });
  mask.resolve(localDigits(value));
  return mask.value;
}

export interface PhoneFieldProps extends Omit<
  RACTextFieldProps,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'validate'
> {
  /** Visible label, already translated. */
  label: string;
  /** Shown when the value is not exactly 9 digits (after the field was edited or `isInvalid`). */
  errorMessage: string;
  /** Help text under the field. @default undefined */
  description?: string;
  /** Initial number: "994XXXXXXXXX" or 9 local digits (uncontrolled). @default '' */
  defaultValue?: string | null;
  /** Called on every edit with "994" + 9 digits when complete, otherwise null. */
  onChange?: (value: string | null) => void;
  /** Called when Enter is pressed, with the same value as onChange; Enter also submits the enclosing form. @default undefined */
  onEnter?: (value: string | null) => void;
  /** Placeholder. @default PHONE_MASK with underscores: "(__) _______" */
  placeholder?: string;
  /** Show the fixed "+994" before the input. @default true */
  showPrefix?: boolean;
}

/**
 * A phone input for Azerbaijani mobile numbers (SPEC §5, §9): the mask (00) 0000000 is
 * applied with imask as the user types or pastes (a pasted "994…" loses its prefix); the
 * field is valid only with exactly 9 digits; onChange emits "994" + the 9 digits, or null
 * while incomplete. Enter calls `onEnter` and submits the enclosing form (implicit submission),
 * so a prompt saves on Enter. The error shows in a FieldError (announced) once the user has
 * typed, or when `isInvalid` is set (e.g. after a save attempt).
 */
export function PhoneField({
  label,
  errorMessage,
  description,
  defaultValue,
  onChange,
  onEnter,
  placeholder = '(__) _______',
  showPrefix = true,
  isInvalid,
  className,
  ...props
}: PhoneFieldProps) {
  const [text, setText] = useState(() => formatPhone(defaultValue ?? ''));
  const [edited, setEdited] = useState(false);
  const previous = useRef(text);
  const digits = useMemo(() => localDigits(text), [text]);
  const complete = digits.length === PHONE_DIGITS;
  const emitted = complete ? PHONE_PREFIX + digits : null;
  const invalid = Boolean(isInvalid) || (edited && !complete);

  const handleChange = (raw: string) => {
    let next = localDigits(raw);
    // Deleting only a mask character (")" or the space) must delete the digit before it.
    const prevDigits = localDigits(previous.current);
    if (raw.length < previous.current.length && next === prevDigits) next = next.slice(0, -1);
    const formatted = formatPhone(next);
    previous.current = formatted;
    setText(formatted);
    setEdited(true);
    onChange?.(next.length === PHONE_DIGITS ? PHONE_PREFIX + next : null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    setEdited(true);
    onEnter?.(emitted);
  };

  return (
    <RACTextField
      {...props}
      type="tel"
      value={text}
      onChange={handleChange}
      isInvalid={invalid}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <div className={styles.row}>
        {showPrefix ? (
          <span className={styles.prefix} aria-hidden="true">
            +{PHONE_PREFIX}
          </span>
        ) : null}
        <Input
          className={[fieldStyles.input(), styles.input].join(' ')}
          placeholder={placeholder}
          inputMode="numeric"
          autoComplete="tel-national"
          onKeyDown={handleKeyDown}
        />
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
