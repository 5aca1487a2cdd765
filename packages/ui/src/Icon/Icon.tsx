import type { SVGProps } from 'react';
import { icon } from './Icon.css';
import { iconPaths, isIconName } from './icons';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  /** Icon name (e.g. 'dashboard', 'bell'); names come from the server's menus too, so an unknown name draws the 'info' icon rather than failing. */
  name: string;
  /** Rendered size: sm 16 px, md 20 px, lg 24 px. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name. Without it the icon is decorative and hidden from assistive technology. @default undefined */
  label?: string;
}

/** An inline SVG icon in currentColor. Decorative unless `label` is given. */
export function Icon({ name, size = 'md', label, className, ...rest }: IconProps) {
  const paths = iconPaths[isIconName(name) ? name : 'info'];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      className={[icon({ size }), className].filter(Boolean).join(' ')}
      {...a11y}
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
