import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const tree = style({
  display: 'flex',
  flexDirection: 'column',
  color: vars.color.fg,
  fontSize: vars.fontSize.md,
});

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    '&[data-readonly]': { cursor: 'default' },
  },
});

export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.25rem',
  height: '1.25rem',
  color: vars.color.fgMuted,
  transition: 'transform 150ms ease',
  selectors: {
    '&[data-expanded]': { transform: 'rotate(90deg)' },
    '&[data-hidden]': { visibility: 'hidden' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const box = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.25rem',
  height: '1.25rem',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primaryFg,
  selectors: {
    '&[data-state=checked], &[data-state=indeterminate]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
  },
});

export const dash = style({
  width: '0.625rem',
  height: 2,
  borderRadius: 1,
  background: 'currentColor',
});

export const label = style({ minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.4 });

export const empty = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });
