import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { stack } from './Stack.css';

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** The laid-out children. */
  children?: ReactNode;
  /** column stacks vertically, row lays out inline. @default 'column' */
  direction?: 'column' | 'row';
  /** Space between children, a theme space token. @default 'md' */
  gap?: 'none' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Cross-axis alignment. @default 'stretch' */
  align?: 'stretch' | 'start' | 'center' | 'end' | 'baseline';
  /** Main-axis distribution. @default 'start' */
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Whether a row wraps onto more lines. @default false */
  wrap?: boolean;
  /** The element to render (e.g. 'ul', 'section', 'form'). @default 'div' */
  as?: ElementType;
}

/** Flex layout with theme spacing: the one layout helper pages use instead of their own CSS. */
export function Stack({
  direction = 'column',
  gap = 'md',
  align = 'stretch',
  justify = 'start',
  wrap = false,
  as: Component = 'div',
  className,
  ...rest
}: StackProps) {
  return (
    <Component
      {...rest}
      className={[stack({ direction, gap, align, justify, wrap }), className]
        .filter(Boolean)
        .join(' ')}
    />
  );
}
