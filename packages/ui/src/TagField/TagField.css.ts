import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The bordered box holding the chips and the input. */
export const box = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.5rem',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:focus-within': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.6 },
  },
});

export const list = style({ display: 'contents' });

export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const remove = style({
  display: 'inline-flex',
  border: 'none',
  background: 'transparent',
  color: vars.color.fg,
  padding: 0,
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` } },
});

export const input = style({
  flex: 1,
  minWidth: '8rem',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.fg,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  padding: vars.space.xs,
  selectors: { '&::placeholder': { color: vars.color.fgMuted, opacity: 1 } },
});
