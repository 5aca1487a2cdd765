import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const skeleton = recipe(
  {
    base: {
      display: 'block',
      background: vars.color.border,
      opacity: 0.35,
      animation: `${pulse} 1.5s ease-in-out infinite`,
    },
    variants: {
      shape: {
        text: { height: '0.9em', borderRadius: vars.radius.sm },
        rect: { borderRadius: vars.radius.md },
        circle: { borderRadius: '50%' },
      },
    },
    defaultVariants: { shape: 'text' },
  },
  'Skeleton',
);
