import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  selectors: { '&[data-orientation=vertical]': { flexDirection: 'row' } },
});

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  selectors: {
    '&[data-orientation=vertical]': {
      flexDirection: 'column',
      borderBottom: 'none',
      borderInlineEnd: `1px solid ${vars.color.border}`,
    },
  },
});

export const tab = recipe(
  {
    base: {
      padding: `${vars.space.sm} ${vars.space.md}`,
      color: vars.color.fgMuted,
      fontWeight: 600,
      fontSize: vars.fontSize.sm,
      cursor: 'pointer',
      outline: 'none',
      borderBottom: '3px solid transparent',
      marginBottom: -1,
      whiteSpace: 'nowrap',
      selectors: {
        '&[data-hovered]': { color: vars.color.fg },
        '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
        '&[data-focus-visible]': {
          outline: `2px solid ${vars.color.focusRing}`,
          outlineOffset: -2,
          borderRadius: vars.radius.sm,
        },
        '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
      },
    },
  },
  'Tab',
);

export const panel = style({
  color: vars.color.fg,
  outline: 'none',
  flex: 1,
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      borderRadius: vars.radius.sm,
    },
  },
});
