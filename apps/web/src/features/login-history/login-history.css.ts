import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';
import { td as simpleTd } from '@servicedesk/ui/SimpleTable';

export const filter = style({ border: 'none', margin: 0, padding: 0, display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const legend = style({ float: 'left', marginInlineEnd: vars.space.sm, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const segment = style({ display: 'inline-flex', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, overflow: 'hidden' });

export const option = style({
  position: 'relative',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  color: vars.color.fg,
  background: vars.color.surface,
  selectors: {
    '&:has(input:checked)': { background: vars.color.primary, color: vars.color.primaryFg, fontWeight: 600 },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    '& + &': { borderInlineStart: `1px solid ${vars.color.border}` },
  },
});

export const radio = style({ position: 'absolute', opacity: 0, inset: 0, margin: 0, cursor: 'pointer' });

export { tableWrap, table, th } from '@servicedesk/ui/SimpleTable';

export const td = style([simpleTd, { verticalAlign: 'top' }]);

export const agent = style({ maxWidth: '22rem', overflowWrap: 'anywhere', color: vars.color.fgMuted });

/** The filter bar: the result switch, the admin's user, reason, address, days and the export buttons; wraps on a phone. */
export const filters = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm, minWidth: 0, maxWidth: '100%' });

export const input = style({
  minHeight: '2.5rem',
  maxWidth: '100%',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
});

export const exports = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginInlineStart: 'auto', maxWidth: '100%' });
globalStyle(`${exports} button`, { maxWidth: '100%', whiteSpace: 'normal' });
