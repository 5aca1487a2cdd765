import type { ReactNode } from 'react';
import {
  Dialog as RACDialog,
  Heading,
  Modal,
  ModalOverlay,
  type DialogProps as RACDialogProps,
} from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import * as styles from './Dialog.css';

export interface DialogProps extends Omit<RACDialogProps, 'children'> {
  /** Heading of the dialog, also its accessible name. */
  title: ReactNode;
  /** Whether the dialog is open (controlled). */
  isOpen: boolean;
  /** Called with false when the user closes it (Escape, outside click, close button). */
  onOpenChange: (isOpen: boolean) => void;
  /** Body of the dialog. */
  children: ReactNode;
  /** Actions row at the bottom, usually Buttons. @default undefined */
  footer?: ReactNode;
  /** Accessible name of an ✕ button in the header; without it there is no ✕ button. @default undefined */
  closeLabel?: string;
  /** Whether a click outside or Escape closes it. @default true */
  isDismissable?: boolean;
  /** Maximum width: sm 24rem, md 32rem, lg 48rem. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog (RAC ModalOverlay + Modal + Dialog): focus is trapped inside and returns to the
 * trigger on close, the page behind is inert, Escape closes it when dismissable.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  footer,
  closeLabel,
  isDismissable = true,
  size = 'md',
  role,
  ...props
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={styles.overlay}
    >
      <Modal className={styles.modal({ size })}>
        <RACDialog {...props} role={role} className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            {closeLabel ? (
              <Button variant="ghost" size="sm" slot="close" aria-label={closeLabel}>
                <Icon name="x" />
              </Button>
            ) : null}
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}
