import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* The staff schedule page (issue #18): header, the lead's toolbar, the legend, leave requests; a print view. */

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

/*
 * Long button labels ("Copy the week to the rest of the month") wrap on a phone instead of
 * pushing the page past the screen (issue #41: the page was 407 px wide on a 390 px phone).
 */
globalStyle(`${toolbar} button`, { maxWidth: '100%', whiteSpace: 'normal', textAlign: 'center' });

export const inline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

export const monthName = style({ minWidth: '8rem', textAlign: 'center', fontWeight: 600 });

export const legend = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, listStyle: 'none', padding: 0, margin: 0, fontSize: vars.fontSize.sm });

export const swatch = style({ display: 'inline-block', width: '0.9rem', height: '0.9rem', borderRadius: vars.radius.sm, marginInlineEnd: vars.space.xs, verticalAlign: 'middle', border: `1px solid ${vars.color.border}` });

export const kindSwatch = styleVariants({
  work: { background: `color-mix(in srgb, ${vars.color.success} 22%, ${vars.color.surface})` },
  remote: { background: `color-mix(in srgb, ${vars.color.info} 22%, ${vars.color.surface})` },
  vacation: { background: `color-mix(in srgb, ${vars.color.warning} 28%, ${vars.color.surface})` },
  sick: { background: `color-mix(in srgb, ${vars.color.danger} 20%, ${vars.color.surface})` },
  dayOff: { background: `color-mix(in srgb, ${vars.color.fgMuted} 22%, ${vars.color.surface})` },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}` });

/** A table that may be wider than a phone scrolls inside its card instead of widening the page (issue #41: 407 px on 390). */
export const scroll = style({ maxWidth: '100%', overflowX: 'auto' });

export const caption = style({ textAlign: 'start', fontWeight: 600, paddingBlock: vars.space.xs });

/** The holiday calendar, folded until opened. */
export const details = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface, minWidth: 0 });

export const summary = style({ cursor: 'pointer', fontWeight: 600 });

export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm, minHeight: '2.5rem' });

/** Under the minimum on the leave page. */
export const under = style({ color: vars.color.danger, fontWeight: 600 });

// Printing the month for signing (PDF through the browser's print dialog): only the grid and the legend.
globalStyle(`${toolbar}, ${header} button`, { '@media': { print: { display: 'none' } } });
