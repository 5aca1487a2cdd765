import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const group = style({
  display: 'inline-flex',
  alignItems: 'center',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'inline-flex',
  borderRadius: '50%',
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  selectors: { '& + &': { marginInlineStart: '-0.5rem' } },
});

export const more = recipe(
  {
    base: {
      display: 'inline-grid',
      placeItems: 'center',
      borderRadius: '50%',
      background: vars.color.bg,
      color: vars.color.fg,
      border: `1px solid ${vars.color.border}`,
      fontWeight: 700,
      fontSize: '0.75rem',
    },
    variants: {
      size: {
        sm: { width: 28, height: 28 },
        md: { width: 36, height: 36 },
        lg: { width: 56, height: 56, fontSize: vars.fontSize.md },
      },
    },
    defaultVariants: { size: 'md' },
  },
  'AvatarGroupMore',
);
