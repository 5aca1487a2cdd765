import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { PromptShell, type PromptBaseProps } from '../Prompt/PromptShell';
import { Select, type SelectItem } from '../Select';

export interface SelectPromptProps extends PromptBaseProps {
  /** Label of the select. */
  label: string;
  /** The options; an option with id "0" is a "choose…" placeholder that can never be submitted. */
  items: SelectItem[];
  /** Shown when nothing (or the value 0) is chosen at submit, e.g. "Choose a reason". */
  requiredMessage: string;
  /** Called with the chosen id; a returned promise keeps the prompt pending until it settles. */
  onSubmit: (id: string) => void | Promise<void>;
  /** Initially chosen id. @default null */
  defaultSelectedKey?: string | null;
  /** Placeholder of the select button. @default undefined */
  placeholder?: string;
}

/** True for "no choice" values the select prompt rejects (SPEC §5: the value 0). */
export function isEmptyChoice(key: Key | null | undefined): boolean {
  return key === null || key === undefined || String(key) === '0' || String(key) === '';
}

/**
 * The select prompt (SPEC §2 "Other modals", §5): a dialog with one Select; submitting with
 * no choice or the value 0 shows `requiredMessage` on the field and sends nothing.
 */
export function SelectPrompt({
  label,
  items,
  requiredMessage,
  onSubmit,
  defaultSelectedKey = null,
  placeholder,
  ...shell
}: SelectPromptProps) {
  const [selected, setSelected] = useState<Key | null>(defaultSelectedKey);
  const [attempted, setAttempted] = useState(false);
  const empty = isEmptyChoice(selected);

  return (
    <PromptShell
      {...shell}
      onValidSubmit={() => {
        setAttempted(true);
        return empty ? null : () => onSubmit(String(selected));
      }}
    >
      <Select
        label={label}
        items={items}
        selectedKey={selected}
        onSelectionChange={setSelected}
        placeholder={placeholder}
        isRequired
        isInvalid={attempted && empty}
        errorMessage={requiredMessage}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
    </PromptShell>
  );
}
