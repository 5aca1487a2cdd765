import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* Layout of the contracts pages (issue #14): header, filter bar, form grid, TIN notice. */

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 44,
  cursor: 'pointer',
});

export const checkbox = style({
  width: 18,
  height: 18,
  margin: 0,
  accentColor: vars.color.primary,
});

export const formCard = style({ maxWidth: '52rem', width: '100%' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space.md,
});

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 600 });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const notice = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const warning = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 600,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const link = style({ color: vars.color.primary, fontWeight: 600 });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const terms = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
