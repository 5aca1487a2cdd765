import type { ReactNode } from 'react';
import { Dialog as RACDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import * as dialogStyles from '../Dialog/Dialog.css';
import { Icon } from '../Icon';
import { icon as iconStyle } from './AlertDialog.css';

export interface AlertDialogProps {
  /** Heading, also the accessible name of the alertdialog. */
  title: ReactNode;
  /** Message of the dialog. */
  children: ReactNode;
  /** Whether the dialog is open (controlled). */
  isOpen: boolean;
  /** Called with false when it closes (cancel, primary action, Escape when a cancel exists). */
  onOpenChange: (isOpen: boolean) => void;
  /** Text of the main action button. */
  primaryActionLabel: string;
  /** Text of the cancel button; without it the dialog has only the primary action and Escape does nothing. @default undefined */
  cancelLabel?: string;
  /** Called when the primary action is pressed (before the dialog closes). */
  onPrimaryAction: () => void;
  /** Called when the cancel button (or Escape) closes the dialog. @default undefined */
  onCancel?: () => void;
  /** info: primary-coloured action; destructive: danger-coloured action and a warning icon. @default 'info' */
  variant?: 'info' | 'destructive';
  /** Whether pressing the primary action closes the dialog. @default true */
  closeOnPrimaryAction?: boolean;
  /** Focus the primary action when it opens (else the cancel button, safer for destructive actions). @default variant === 'info' */
  autoFocusPrimary?: boolean;
}

/**
 * A confirmation / warning dialog with role="alertdialog" (RAC Dialog in a non-dismissable
 * Modal): it never closes on an outside click, only through its buttons (and Escape when a
 * cancel exists). Used for the session-expiry warning (SPEC §4) and destructive confirmations.
 */
export function AlertDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  primaryActionLabel,
  cancelLabel,
  onPrimaryAction,
  onCancel,
  variant = 'info',
  closeOnPrimaryAction = true,
  autoFocusPrimary = variant === 'info',
}: AlertDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      // Only Escape closes through the overlay (never an outside click): that is a cancel.
      // The buttons close through onOpenChange directly, so the primary action is never
      // reported as a cancel.
      onOpenChange={(open) => {
        if (!open) onCancel?.();
        onOpenChange(open);
      }}
      isDismissable={false}
      isKeyboardDismissDisabled={!cancelLabel}
      className={dialogStyles.overlay}
    >
      <Modal className={dialogStyles.modal({ size: 'sm' })}>
        <RACDialog role="alertdialog" className={dialogStyles.dialog} data-variant={variant}>
          {() => (
            <>
              <div className={dialogStyles.header}>
                <Heading slot="title" className={dialogStyles.title}>
                  <Icon
                    name={variant === 'destructive' ? 'alert' : 'info'}
                    className={iconStyle({ variant })}
                  />{' '}
                  {title}
                </Heading>
              </div>
              <div className={dialogStyles.body}>{children}</div>
              <div className={dialogStyles.footer}>
                {cancelLabel ? (
                  <Button
                    variant="secondary"
                    // The WAI-ARIA alertdialog pattern moves focus to the safest button on open.
                    // eslint-disable-next-line jsx-a11y/no-autofocus
                    autoFocus={!autoFocusPrimary}
                    onPress={() => {
                      onCancel?.();
                      onOpenChange(false);
                    }}
                  >
                    {cancelLabel}
                  </Button>
                ) : null}
                <Button
                  variant={variant === 'destructive' ? 'danger' : 'primary'}
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={autoFocusPrimary || !cancelLabel}
                  onPress={() => {
                    onPrimaryAction();
                    if (closeOnPrimaryAction) onOpenChange(false);
                  }}
                >
                  {primaryActionLabel}
                </Button>
              </div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}
