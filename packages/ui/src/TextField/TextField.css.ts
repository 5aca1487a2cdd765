import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

/** The field column: label, control, description, error. Shared by TextField, PasswordField, Select. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.fg,
});

export const requiredMark = style({ color: vars.color.danger, marginInlineStart: '0.15em' });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });

/** The bordered box of a text input; RAC sets data-focused / data-invalid / data-disabled on Input. */
export const input = recipe(
  {
    base: {
      width: '100%',
      minHeight: '2.5rem',
      padding: `${vars.space.sm} ${vars.space.md}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surface,
      color: vars.color.fg,
      fontFamily: vars.font.body,
      fontSize: vars.fontSize.md,
      outline: 'none',
      selectors: {
        '&::placeholder': { color: vars.color.fgMuted, opacity: 1 },
        '&[data-focused]': {
          borderColor: vars.color.focusRing,
          boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
        },
        '&[data-invalid]': { borderColor: vars.color.danger },
        '&[data-invalid][data-focused]': { boxShadow: `0 0 0 1px ${vars.color.danger}` },
        '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
      },
    },
    variants: {
      withAdornment: { true: { paddingInlineEnd: '2.75rem' } },
    },
  },
  'Input',
);

export type InputVariants = RecipeVariants<typeof input>;

/** Positions an end adornment (e.g. the password visibility toggle) over the input's end. */
export const inputWrap = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const adornment = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'flex',
});
