import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const badge = recipe(
  {
    base: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: vars.space.xs,
      minWidth: '1.25rem',
      padding: `0.05rem ${vars.space.sm}`,
      border: '1px solid currentColor',
      borderRadius: vars.radius.full,
      background: vars.color.surface,
      fontSize: '0.75rem',
      fontWeight: 700,
      lineHeight: 1.4,
      whiteSpace: 'nowrap',
      justifyContent: 'center',
    },
    variants: {
      variant: {
        neutral: { color: vars.color.fgMuted },
        info: { color: vars.color.info },
        success: { color: vars.color.success },
        warning: { color: vars.color.warning },
        // Solid, so an unread count stands out on the bell.
        danger: {
          color: vars.color.dangerFg,
          background: vars.color.danger,
          borderColor: vars.color.danger,
        },
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
  'Badge',
);

export type BadgeVariants = RecipeVariants<typeof badge>;
