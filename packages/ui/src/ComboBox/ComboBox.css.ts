import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Input with the open button drawn over its end. Shared by SelectSearch. */
export const inputWrap = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const toggle = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  display: 'flex',
  alignItems: 'center',
  border: 'none',
  background: 'transparent',
  color: vars.color.fg,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` } },
});

/** Loading / empty text inside the open list. */
export const status = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const listBox = style({ maxHeight: '18rem', overflowY: 'auto' });
