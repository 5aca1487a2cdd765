import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const crumb = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.fgMuted,
});

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  outline: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-current]': {
      color: vars.color.fg,
      textDecoration: 'none',
      fontWeight: 600,
      cursor: 'default',
    },
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      borderRadius: vars.radius.sm,
    },
  },
});
