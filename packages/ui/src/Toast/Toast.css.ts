import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px)' },
  to: { opacity: 1, transform: 'none' },
});

/** A click-through strip across the top; each toast aligns itself right or centre. */
export const region = style({
  position: 'fixed',
  top: vars.space.md,
  insetInline: vars.space.md,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  pointerEvents: 'none',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const toast = recipe(
  {
    base: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: vars.space.sm,
      width: 'min(24rem, 100%)',
      pointerEvents: 'auto',
      padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
      background: vars.color.surfaceRaised,
      color: vars.color.fg,
      border: `1px solid ${vars.color.border}`,
      borderInlineStartWidth: '4px',
      borderRadius: vars.radius.md,
      boxShadow: vars.shadow.md,
      outline: 'none',
      animation: `${slideIn} 150ms ease-out`,
      selectors: {
        '&[data-focus-visible]': {
          outline: `2px solid ${vars.color.focusRing}`,
          outlineOffset: '2px',
        },
      },
    },
    variants: {
      variant: {
        success: { borderInlineStartColor: vars.color.success },
        error: { borderInlineStartColor: vars.color.danger },
        info: { borderInlineStartColor: vars.color.info },
        warning: { borderInlineStartColor: vars.color.warning },
      },
      placement: {
        'top-right': { alignSelf: 'flex-end' },
        'top-center': { alignSelf: 'center' },
      },
    },
  },
  'Toast',
);

export type ToastVariants = RecipeVariants<typeof toast>;

export const icon = recipe(
  {
    base: { marginTop: '0.15rem' },
    variants: {
      variant: {
        success: { color: vars.color.success },
        error: { color: vars.color.danger },
        info: { color: vars.color.info },
        warning: { color: vars.color.warning },
      },
    },
  },
  'ToastIcon',
);

export const content = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  paddingBlock: '0.15rem',
});
export const title = style({ fontWeight: 600 });
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });
export const close = style({
  minHeight: '1.75rem',
  width: '1.75rem',
  padding: 0,
  color: vars.color.fgMuted,
});
