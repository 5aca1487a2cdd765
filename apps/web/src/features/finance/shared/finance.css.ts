import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* Finance pages' own layout bits; everything else comes from features/shared and packages/ui. */

export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.md, flexWrap: 'wrap' });
export const filterBar = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: vars.space.md });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const grid2 = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' });
export const lineRow = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(12rem, 3fr) minmax(4rem, 1fr) minmax(6rem, 1.2fr) minmax(7rem, 1.4fr) minmax(5rem, 1fr) minmax(7rem, 1.4fr) auto',
  alignItems: 'end',
  '@media': { 'screen and (max-width: 60rem)': { gridTemplateColumns: '1fr 1fr' } },
});
export const lineTotal = style({ padding: `${vars.space.sm} 0`, fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
export const totals = style({ display: 'grid', gridTemplateColumns: 'auto auto', gap: `${vars.space.xs} ${vars.space.md}`, justifyContent: 'end', fontVariantNumeric: 'tabular-nums' });
export const strong = style({ fontWeight: 700 });
export const note = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
export const pre = style({ whiteSpace: 'pre-wrap', margin: 0 });

// --- Dashboard figures ---------------------------------------------------------------------------
export const widgetGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const widgetLink = style({
  display: 'block',
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.lg,
  selectors: { '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 3px ${vars.color.focusRing}` } },
});
export const sectionHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const chartCard = style({ marginTop: vars.space.md });
