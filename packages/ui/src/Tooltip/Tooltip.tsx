import type { ReactElement, ReactNode } from 'react';
import {
  Tooltip as RACTooltip,
  TooltipTrigger,
  type TooltipProps as RACTooltipProps,
} from 'react-aria-components';
import { tooltip } from './Tooltip.css';

export interface TooltipProps {
  /** The tip's text. Never the only place of essential information (touch users cannot hover). */
  content: ReactNode;
  /** One focusable element (e.g. an icon-only Button with an aria-label) that shows the tip on hover or focus. */
  children: ReactElement;
  /** Milliseconds of hover before it shows (focus shows it at once). @default 700 */
  delay?: number;
  /** Milliseconds before it hides. @default 0 */
  closeDelay?: number;
  /** Side of the trigger. @default 'top' */
  placement?: RACTooltipProps['placement'];
  /** Whether the tip is off. @default false */
  isDisabled?: boolean;
  /** Controlled open state (RAC). @default undefined */
  isOpen?: boolean;
  /** Initially open (RAC). @default false */
  defaultOpen?: boolean;
  /** Called when it opens or closes (RAC). @default undefined */
  onOpenChange?: (isOpen: boolean) => void;
}

/** A short tip (role="tooltip", RAC TooltipTrigger) shown on hover and keyboard focus, hidden with Escape. */
export function Tooltip({
  content,
  children,
  delay = 700,
  closeDelay = 0,
  placement = 'top',
  ...props
}: TooltipProps) {
  return (
    <TooltipTrigger {...props} delay={delay} closeDelay={closeDelay}>
      {children}
      <RACTooltip placement={placement} offset={6} className={tooltip}>
        {content}
      </RACTooltip>
    </TooltipTrigger>
  );
}
