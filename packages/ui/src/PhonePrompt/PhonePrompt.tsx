import { useState, type FormEvent } from 'react';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { PhoneField } from '../PhoneField';

export interface PhonePromptProps {
  isOpen: boolean;
  /** Called with false when the user dismisses it (close button, Escape, outside click). */
  onOpenChange: (isOpen: boolean) => void;
  /** Called with "994" + 9 digits when a complete number is saved (button or Enter). */
  onSave: (number: string) => void;
  /** Disables the save button while the number is being stored. @default false */
  isSaving?: boolean;
  /** Texts, already translated. `title` is the key enterYourNumberToGetWpNotification's text. */
  labels: { title: string; phone: string; invalid: string; save: string; close: string };
}

/**
 * The WhatsApp phone prompt (SPEC §2 "Phone prompt", §5, §9): a modal with a masked input shaped
 * (00) 0000000 and a save button; Enter also saves. The number is valid only with exactly 9
 * digits: an incomplete one marks the field invalid and saves nothing.
 */
export function PhonePrompt({ isOpen, onOpenChange, onSave, isSaving = false, labels }: PhonePromptProps) {
  const [number, setNumber] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (number) onSave(number);
  };
  return (
    <Dialog title={labels.title} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={labels.close} size="sm">
      <form onSubmit={submit} noValidate>
        <PhoneField
          label={labels.phone}
          errorMessage={labels.invalid}
          onChange={setNumber}
          isInvalid={tried && number === null}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: '1rem' }}>
          <Button type="submit" isDisabled={isSaving}>
            {labels.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
