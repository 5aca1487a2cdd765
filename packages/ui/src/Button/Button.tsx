import {
  Button as RACButton,
  composeRenderProps,
  type ButtonProps as RACButtonProps,
} from 'react-aria-components';
import { button } from './Button.css';

export interface ButtonProps extends RACButtonProps {
  /** Visual weight: primary (main action), secondary (outlined), ghost (toolbar / icon), danger (destructive). @default 'primary' */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Height and padding. @default 'md' */
  size?: 'sm' | 'md';
}

/**
 * A button: RAC's Button (press events, keyboard and touch handling, `isDisabled`, `isPending`,
 * `type`) with the design system's variants. Texts come as children, already translated.
 */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return (
    <RACButton
      {...props}
      className={composeRenderProps(className, (cn) =>
        [button({ variant, size }), cn].filter(Boolean).join(' '),
      )}
    />
  );
}
