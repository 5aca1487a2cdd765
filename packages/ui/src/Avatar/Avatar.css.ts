import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const avatar = recipe(
  {
    base: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      overflow: 'hidden',
      borderRadius: vars.radius.full,
      background: vars.color.primary,
      color: vars.color.primaryFg,
      fontWeight: 600,
      lineHeight: 1,
      userSelect: 'none',
    },
    variants: {
      size: {
        sm: { width: '1.75rem', height: '1.75rem', fontSize: '0.75rem' },
        md: { width: '2.25rem', height: '2.25rem', fontSize: vars.fontSize.sm },
        lg: { width: '3.5rem', height: '3.5rem', fontSize: vars.fontSize.lg },
      },
    },
    defaultVariants: { size: 'md' },
  },
  'Avatar',
);

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
