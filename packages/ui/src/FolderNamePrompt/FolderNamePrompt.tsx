import { useState } from 'react';
import { PromptShell, type PromptBaseProps } from '../Prompt/PromptShell';
import { TextField } from '../TextField';
import { folderNameFlags, type FolderNameFlag } from './folderName';

export interface FolderNamePromptProps extends PromptBaseProps {
  /** Label of the name field. */
  label: string;
  /** One message per SPEC §5 flag: required, maxLength (100), invalidCharacters (< > : " / \ | ? *), reservedName (CON, PRN, …). */
  messages: Record<FolderNameFlag, string>;
  /** Called with the trimmed name; a returned promise keeps the prompt pending until it settles. */
  onSubmit: (name: string) => void | Promise<void>;
  /** Initial name, e.g. when renaming. @default '' */
  defaultValue?: string;
  /**
   * The rule; defaults to the ui copy of contracts' folderNameFlags. The app may pass the
   * contracts function itself. @default folderNameFlags
   */
  validate?: (name: string) => FolderNameFlag[];
}

/**
 * The folder-name prompt of document circulation (SPEC §2, §5): not empty, at most 100
 * characters, none of < > : " / \ | ? *, not a reserved device name (CON, PRN, AUX, NUL,
 * COM1–9, LPT1–9, any case). The first violated rule's message shows as soon as the user has
 * typed (or on submit), announced by the field; an invalid name is never submitted.
 */
export function FolderNamePrompt({
  label,
  messages,
  onSubmit,
  defaultValue = '',
  validate = folderNameFlags,
  ...shell
}: FolderNamePromptProps) {
  const [name, setName] = useState(defaultValue);
  const [touched, setTouched] = useState(false);
  const flags = validate(name);
  const first = flags[0];

  return (
    <PromptShell
      {...shell}
      onValidSubmit={() => {
        setTouched(true);
        return first ? null : () => onSubmit(name.trim());
      }}
    >
      <TextField
        label={label}
        value={name}
        onChange={(v) => {
          setName(v);
          setTouched(true);
        }}
        isRequired
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        isInvalid={touched && first !== undefined}
        errorMessage={first ? messages[first] : undefined}
      />
    </PromptShell>
  );
}
