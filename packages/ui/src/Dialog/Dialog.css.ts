import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
  selectors: { '&[data-entering]': { animation: `${fadeIn} 150ms ease-out` } },
});

export const modal = recipe(
  {
    base: {
      width: '100%',
      maxHeight: 'calc(100dvh - 2rem)',
      overflow: 'auto',
      background: vars.color.surfaceRaised,
      color: vars.color.fg,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.md,
      selectors: { '&[data-entering]': { animation: `${popIn} 150ms ease-out` } },
    },
    variants: {
      size: { sm: { maxWidth: '24rem' }, md: { maxWidth: '32rem' }, lg: { maxWidth: '48rem' } },
    },
    defaultVariants: { size: 'md' },
  },
  'Modal',
);

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.3,
});

export const body = style({ color: vars.color.fg });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
