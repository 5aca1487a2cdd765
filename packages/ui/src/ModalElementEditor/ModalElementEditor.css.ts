import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const tableWrap = style({ maxHeight: '20rem', overflowY: 'auto' });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const th = style({
  textAlign: 'start',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.fgMuted,
  fontWeight: 600,
  position: 'sticky',
  top: 0,
  background: vars.color.surfaceRaised,
});

export const td = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.fg,
  verticalAlign: 'middle',
  overflowWrap: 'anywhere',
});

export const inactiveRow = style({ color: vars.color.fgMuted });

export const actions = style({
  display: 'flex',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});

export const empty = style({
  padding: vars.space.md,
  color: vars.color.fgMuted,
  textAlign: 'center',
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const formTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  color: vars.color.fg,
});

export const formActions = style({
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});
