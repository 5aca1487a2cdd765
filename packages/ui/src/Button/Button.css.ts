import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const button = recipe(
  {
    base: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: vars.space.sm,
      border: '1px solid transparent',
      borderRadius: vars.radius.md,
      fontFamily: vars.font.body,
      fontWeight: 600,
      lineHeight: 1.2,
      cursor: 'pointer',
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      transition: 'background-color 120ms, border-color 120ms, filter 120ms',
      selectors: {
        '&[data-hovered]': { filter: 'brightness(0.94)' },
        '&[data-pressed]': { filter: 'brightness(0.88)' },
        '&[data-focus-visible]': {
          outline: `2px solid ${vars.color.focusRing}`,
          outlineOffset: '2px',
        },
        '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55, filter: 'none' },
        '&[data-pending]': { cursor: 'progress' },
      },
    },
    variants: {
      variant: {
        primary: { background: vars.color.primary, color: vars.color.primaryFg },
        secondary: {
          background: vars.color.surface,
          color: vars.color.fg,
          borderColor: vars.color.border,
        },
        ghost: {
          background: 'transparent',
          color: vars.color.fg,
          selectors: {
            '&[data-hovered], &[data-pressed]': {
              background: vars.color.surfaceRaised,
              filter: 'none',
            },
          },
        },
        danger: { background: vars.color.danger, color: vars.color.dangerFg },
      },
      size: {
        sm: {
          minHeight: '2rem',
          padding: `${vars.space.xs} ${vars.space.sm}`,
          fontSize: vars.fontSize.sm,
        },
        md: {
          minHeight: '2.5rem',
          padding: `${vars.space.sm} ${vars.space.md}`,
          fontSize: vars.fontSize.md,
        },
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
  'Button',
);

export type ButtonVariants = RecipeVariants<typeof button>;
