import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.fgMuted,
});

export const circle = recipe(
  {
    base: {
      display: 'inline-block',
      borderRadius: vars.radius.full,
      border: '3px solid currentColor',
      borderTopColor: vars.color.primary,
      animation: `${spin} 800ms linear infinite`,
      '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
    },
    variants: {
      size: {
        sm: { width: '1rem', height: '1rem', borderWidth: '2px' },
        md: { width: '1.5rem', height: '1.5rem' },
        lg: { width: '2.5rem', height: '2.5rem', borderWidth: '4px' },
      },
    },
    defaultVariants: { size: 'md' },
  },
  'Spinner',
);

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });
