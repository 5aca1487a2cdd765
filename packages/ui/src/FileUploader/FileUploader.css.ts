import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.fg,
  textAlign: 'center',
  selectors: {
    '&[data-drop-target]': {
      borderColor: vars.color.primary,
      borderStyle: 'solid',
      background: vars.color.bg,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    '&[data-disabled]': { borderStyle: 'dotted', background: vars.color.bg },
  },
});

export const hint = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const pendingList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const pendingItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
});

export const progressRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  overflowWrap: 'anywhere',
});

export const track = style({
  height: 6,
  borderRadius: vars.radius.full,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const fill = style({ height: '100%', background: vars.color.primary });

export const errorText = style({ color: vars.color.danger, fontWeight: 600 });

export const nameList = style({
  margin: `${vars.space.sm} 0 0`,
  paddingInlineStart: vars.space.lg,
  overflowWrap: 'anywhere',
});
