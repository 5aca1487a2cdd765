import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import * as styles from './Prompt.css';

/** Texts and callbacks every prompt shares. */
export interface PromptBaseProps {
  /** Heading, also the dialog's accessible name. */
  title: string;
  /** Whether the prompt is open (controlled). */
  isOpen: boolean;
  /** Called with false when it closes (cancel, Escape, after a successful submit). */
  onOpenChange: (isOpen: boolean) => void;
  /** Text of the submit button. */
  submitLabel: string;
  /** Text of the cancel button. */
  cancelLabel: string;
  /** Optional text above the field. @default undefined */
  message?: ReactNode;
}

interface PromptShellProps extends PromptBaseProps {
  /** Validates and returns the submit action, or null when invalid (the field then shows its error). */
  onValidSubmit: () => (() => void | Promise<void>) | null;
  children: ReactNode;
}

/**
 * The dialog + form every prompt uses: Enter in a field or the submit button submits; an
 * invalid value keeps it open (the field shows its error); a valid one runs the action, shows
 * the button pending while a returned promise runs, and closes when it resolves (stays open
 * when it rejects — the caller shows the error, SPEC §8).
 */
export function PromptShell({
  title,
  isOpen,
  onOpenChange,
  submitLabel,
  cancelLabel,
  message,
  onValidSubmit,
  children,
}: PromptShellProps) {
  const formId = useId();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const action = onValidSubmit();
    if (!action) return;
    setPending(true);
    try {
      await action();
      onOpenChange(false);
    } catch {
      // The caller reports the failure; the prompt stays open so the user can retry.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} isPending={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {message ? <p className={styles.message}>{message}</p> : null}
        {children}
      </form>
    </Dialog>
  );
}
