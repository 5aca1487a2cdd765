import { useState } from 'react';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { TextField, type TextFieldProps } from '../TextField';
import { toggle } from './PasswordField.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Accessible name of the toggle while the password is hidden, e.g. "Show password". */
  showLabel: string;
  /** Accessible name of the toggle while the password is shown, e.g. "Hide password". */
  hideLabel: string;
  /** Whether the password starts visible. @default false */
  defaultVisible?: boolean;
}

/**
 * A TextField for passwords with a button that shows or hides the text. The input keeps focus
 * handling and autofill of a real password input while hidden (type="password").
 * autoComplete defaults to "current-password"; pass "new-password" on sign-up / change forms.
 */
export function PasswordField({
  showLabel,
  hideLabel,
  defaultVisible = false,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <TextField
      {...props}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <Button
          variant="ghost"
          size="sm"
          className={toggle}
          aria-label={visible ? hideLabel : showLabel}
          isDisabled={props.isDisabled}
          onPress={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} />
        </Button>
      }
    />
  );
}
