import { useState } from 'react';
import { TextArea } from '../TextArea';
import { PromptShell, type PromptBaseProps } from './PromptShell';

/** SPEC §5, §9: the free-text prompt needs at least 10 characters by default. */
export const PROMPT_MIN_LENGTH = 10;

export interface PromptProps extends PromptBaseProps {
  /** Label of the text box. */
  label: string;
  /** Shown when the trimmed text is shorter than `minLength`, e.g. "At least 10 characters". */
  minLengthMessage: string;
  /** Minimum length of the trimmed text. @default 10 (SPEC §5) */
  minLength?: number;
  /** Called with the trimmed text; a returned promise keeps the prompt open and pending until it settles. */
  onSubmit: (text: string) => void | Promise<void>;
  /** Initial text. @default '' */
  defaultValue?: string;
  /** Placeholder. @default undefined */
  placeholder?: string;
}

/**
 * The free-text prompt (SPEC §2 "Other modals", §5): a dialog with a text box that needs at
 * least `minLength` characters (10 by default) after trimming; too short, the submit shows
 * `minLengthMessage` on the field (announced) and nothing is sent.
 */
export function Prompt({
  label,
  minLengthMessage,
  minLength = PROMPT_MIN_LENGTH,
  onSubmit,
  defaultValue = '',
  placeholder,
  ...shell
}: PromptProps) {
  const [text, setText] = useState(defaultValue);
  const [attempted, setAttempted] = useState(false);
  const tooShort = text.trim().length < minLength;

  return (
    <PromptShell
      {...shell}
      onValidSubmit={() => {
        setAttempted(true);
        return tooShort ? null : () => onSubmit(text.trim());
      }}
    >
      <TextArea
        label={label}
        value={text}
        onChange={setText}
        placeholder={placeholder}
        isRequired
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        isInvalid={attempted && tooShort}
        errorMessage={minLengthMessage}
      />
    </PromptShell>
  );
}
