import type { ReactElement, ReactNode } from 'react';
import {
  Dialog,
  DialogTrigger,
  Heading,
  Popover as RACPopover,
  type PopoverProps as RACPopoverProps,
} from 'react-aria-components';
import * as styles from './Popover.css';

export interface PopoverProps {
  /** The element that opens it, usually a Button. */
  trigger: ReactElement;
  /** Content of the popover (interactive content is fine: it is a non-modal dialog). */
  children: ReactNode;
  /** Heading inside, also the dialog's name; without it give `ariaLabel`. @default undefined */
  title?: ReactNode;
  /** Accessible name when there is no title. @default undefined */
  ariaLabel?: string;
  /** Side of the trigger. @default 'bottom start' */
  placement?: RACPopoverProps['placement'];
  /** Controlled open state (RAC). @default undefined */
  isOpen?: boolean;
  /** Initially open (RAC). @default false */
  defaultOpen?: boolean;
  /** Called when it opens or closes (RAC). @default undefined */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A panel anchored to its trigger (RAC DialogTrigger + Popover + Dialog): opens on press,
 * closes on Escape or an outside click, focus moves in and returns to the trigger.
 */
export function Popover({
  trigger,
  children,
  title,
  ariaLabel,
  placement = 'bottom start',
  ...props
}: PopoverProps) {
  return (
    <DialogTrigger {...props}>
      {trigger}
      <RACPopover placement={placement} offset={6} className={styles.popover}>
        <Dialog aria-label={title ? undefined : ariaLabel} className={styles.dialog}>
          {title ? (
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
          ) : null}
          {children}
        </Dialog>
      </RACPopover>
    </DialogTrigger>
  );
}
