import { useRef, type ReactNode } from 'react';
import { AlertDialog } from '../AlertDialog';

export interface ConfirmDialogProps {
  /** Heading, e.g. "Are you sure?" (SPEC §8 "sure"). */
  title: string;
  /** The message, e.g. "«report.pdf» will be deleted" (SPEC §8 "will be deleted"). */
  children: ReactNode;
  /** Whether it is open (controlled). */
  isOpen: boolean;
  /** Called with false when it closes: cancel, Escape, or after onConfirm settled. */
  onOpenChange: (isOpen: boolean) => void;
  /** Text of the confirm button. */
  confirmLabel: string;
  /** Text of the cancel button. */
  cancelLabel: string;
  /** Does the work (e.g. the delete call). May return a promise; a second press while it runs is ignored. */
  onConfirm: () => void | Promise<void>;
  /**
   * Called after onConfirm succeeded and the dialog closed: the app shows SPEC §8's
   * element-deleted message with the file name here, e.g.
   * `onConfirmed={() => toast.show({ variant: 'success', title: t('elementDeleted', { name }) })}`.
   * @default undefined
   */
  onConfirmed?: () => void;
  /** Called with the error when onConfirm rejected; the dialog closes (SPEC §8: the app shows an error toast with the server's text). @default undefined */
  onError?: (error: unknown) => void;
  /** Called when the user cancels (button or Escape). @default undefined */
  onCancel?: () => void;
  /** destructive (danger button, warning icon, cancel focused first) or info. @default 'destructive' */
  variant?: 'destructive' | 'info';
}

/**
 * The delete confirmation of SPEC §8 ("sure / will be deleted", confirm and cancel) as an
 * alertdialog. Flow: confirm → `onConfirm()` (awaited) → the dialog closes → `onConfirmed()`,
 * where the app shows the element-deleted message with the file name. A failure closes it and
 * calls `onError` instead. Cancel and Escape call `onCancel` and nothing else.
 */
export function ConfirmDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onConfirmed,
  onError,
  onCancel,
  variant = 'destructive',
}: ConfirmDialogProps) {
  const running = useRef(false);

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    try {
      await onConfirm();
      onOpenChange(false);
      onConfirmed?.();
    } catch (error) {
      onOpenChange(false);
      onError?.(error);
    } finally {
      running.current = false;
    }
  };

  return (
    <AlertDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      primaryActionLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onPrimaryAction={() => void confirm()}
      onCancel={onCancel}
      variant={variant}
      closeOnPrimaryAction={false}
    >
      {children}
    </AlertDialog>
  );
}
