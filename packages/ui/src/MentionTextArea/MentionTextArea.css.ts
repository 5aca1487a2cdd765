import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const wrap = style({ position: 'relative' });

export const textArea = style({ minHeight: '6rem', resize: 'vertical', lineHeight: 1.5 });

/** The suggestion list under the box. */
export const list = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: '100%',
  zIndex: 20,
  marginTop: vars.space.xs,
  minWidth: '14rem',
  maxHeight: '14rem',
  overflowY: 'auto',
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const option = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primary, color: vars.color.primaryFg },
  },
});
