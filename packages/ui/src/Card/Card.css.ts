import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const card = recipe(
  {
    base: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.md,
      background: vars.color.surface,
      color: vars.color.fg,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.sm,
      minWidth: 0,
    },
    variants: {
      padding: { sm: { padding: vars.space.md }, md: { padding: vars.space.lg } },
    },
    defaultVariants: { padding: 'md' },
  },
  'Card',
);

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.3,
});
