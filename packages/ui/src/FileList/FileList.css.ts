import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  minWidth: 0,
});

export const icon = style({ color: vars.color.fgMuted, flexShrink: 0 });

export const name = style({
  flex: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
});

export const meta = style({
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

export const link = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const empty = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, margin: 0 });
