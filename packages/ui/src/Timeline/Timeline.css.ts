import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, color: vars.color.fg });

export const entry = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  paddingBottom: vars.space.md,
  selectors: {
    '&:not(:last-child)::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 17,
      top: 40,
      bottom: 4,
      width: 2,
      background: vars.color.border,
    },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

export const who = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const when = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const action = style({ color: vars.color.fg, fontSize: vars.fontSize.sm });

export const change = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const comment = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `3px solid ${vars.color.border}`,
  background: vars.color.bg,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});
