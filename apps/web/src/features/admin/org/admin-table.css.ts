import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/*
 * The simple tables and toolbars of the organisation, reference-list and translation screens
 * (features/admin/{org,reference-lists,translations}).
 */

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});

export const toolbarGroup = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
  minHeight: 36,
  cursor: 'pointer',
});

export const checkbox = style({ width: 18, height: 18, margin: 0, accentColor: vars.color.primary, cursor: 'pointer' });

export { tableWrap, table, th, td, inactiveRow } from '@servicedesk/ui/SimpleTable';

export const number = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' });

export { rowActions as actions } from '@servicedesk/ui/SimpleTable';

export const empty = style({ margin: 0, padding: `${vars.space.lg} 0`, color: vars.color.fgMuted, textAlign: 'center' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const memberList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const member = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
});

export const memberName = style({ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' });

export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.fg });

export const muted = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const formError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const toolbarTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.fg });
