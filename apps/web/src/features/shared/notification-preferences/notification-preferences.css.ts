import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* The notification preferences form (issue #38): a table of event kinds × channels, the quiet hours. */

export const tableWrap = style({ overflowX: 'auto' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
globalStyle(`${table} thead th`, { color: vars.color.fgMuted, fontWeight: 600 });

export const control = style({
  minHeight: '2.25rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 1 } },
});

export const checkbox = style({ width: 18, height: 18, margin: 0, accentColor: vars.color.primary, cursor: 'pointer' });

export const fieldset = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 600 });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });

export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
