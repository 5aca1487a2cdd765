import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { toast } from '@servicedesk/ui/Toast';

/** One action to confirm (see {@link useConfirmedAction}); every text already translated. */
export interface ConfirmedAction {
  /** The question, e.g. "Take back AST-000002?". */
  title: string;
  /** What will happen, in a sentence: "AST-000002 goes back to the warehouse from Rəşad Əliyev." */
  message: ReactNode;
  /** The confirm button, the action's own name ("Take back"). */
  confirmLabel: string;
  /** Does the work; its rejection is a refusal (shown as an error toast, `refusal` words it). */
  run: () => Promise<unknown>;
  /** What happened, said in a success toast once `run` resolved ("AST-000002 was taken back."); a function gets `run`'s result (the posted operation's number...). */
  done: string | ((result: unknown) => string);
  /** The refusal's text; default the generic error. */
  refusal?: (error: unknown) => string;
  /** 'destructive' (danger button, cancel focused first: deleting, voiding, writing off) or 'info' (moving stock). @default 'destructive' */
  variant?: 'destructive' | 'info';
}

/**
 * The kit's confirm-then-tell for actions that destroy something or move stock (issue, take back,
 * assign, write off, delete, void...): `confirm(action)` opens an alert dialog asking the user,
 * runs the action only on Confirm (Cancel and Escape do nothing), then says what happened in a
 * success toast — or, refused, the refusal in an error toast (the toast region is a polite live
 * region, so screen readers hear both). Render `dialog` once in the page.
 */
export function useConfirmedAction(): { confirm: (action: ConfirmedAction) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [action, setAction] = useState<ConfirmedAction | null>(null);
  const [open, setOpen] = useState(false);
  const dialog = action ? (
    <ConfirmDialog
      title={action.title}
      isOpen={open}
      onOpenChange={setOpen}
      confirmLabel={action.confirmLabel}
      cancelLabel={t('cancel')}
      variant={action.variant ?? 'destructive'}
      onConfirm={async () => {
        const value = await action.run();
        toast.show({ title: typeof action.done === 'string' ? action.done : action.done(value), variant: 'success' });
      }}
      onError={(error) => toast.show({ title: action.refusal ? action.refusal(error) : t('error.generic'), variant: 'error' })}
    >
      {action.message}
    </ConfirmDialog>
  ) : null;
  return {
    confirm: (next) => {
      setAction(next);
      setOpen(true);
    },
    dialog,
  };
}

/** Runs `run` and says what happened in a toast: for an action whose own dialog was the confirmation (assign with a holder picked, write off with a reason). Rethrows a refusal after its error toast. */
export async function runAndTell(run: () => Promise<unknown>, done: string, refusal: string | ((error: unknown) => string)): Promise<void> {
  try {
    await run();
    toast.show({ title: done, variant: 'success' });
  } catch (error) {
    toast.show({ title: typeof refusal === 'string' ? refusal : refusal(error), variant: 'error' });
    throw error;
  }
}
