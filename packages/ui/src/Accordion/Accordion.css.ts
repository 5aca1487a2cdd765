import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const group = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  overflow: 'hidden',
});

export const item = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: 'transparent',
  border: 'none',
  color: vars.color.fg,
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-hovered]': { background: vars.color.bg },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
  },
});

export const chevron = style({
  flexShrink: 0,
  transition: 'transform 300ms',
  selectors: { '[data-expanded] > * > * > &': { transform: 'rotate(90deg)' } },
});

export const panel = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  color: vars.color.fg,
});
