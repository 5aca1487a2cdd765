import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* Debt reports, the imports and the dislocation (features/debts). */

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md });

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const filterBar = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12.5rem), 1fr))',
  alignItems: 'end',
  marginBottom: vars.space.md,
});

export const tableCard = style({ padding: vars.space.md, '@media': { 'screen and (max-width: 40rem)': { padding: vars.space.sm } } });

export const nameLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 2px ${vars.color.focusRing}` } },
});

export const figures = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))' });

export const figure = style({ margin: 0 });

export const figureValue = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.xl, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });

export const grow = style({ flex: '1 1 14rem' });

export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const refused = style({ color: vars.color.danger });

export const formEnd = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.sm });

export const timelineText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const fileInput = style({
  display: 'block',
  width: '100%',
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
});

export const scroll = style({ maxHeight: '50vh', overflow: 'auto' });

/** Print (the "Print / PDF" button): only the report, without the app's shell and controls. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

/*
 * Printing a counterparty's report (the "Print / PDF" button): while the report page is open the
 * body carries `data-print-report`, and on paper only the page's <main> is left — no top bar,
 * sidebar, chat or back-to-top button. Nothing changes on screen.
 */
// Only the shell's own landmarks (the record page's header inside <main> stays).
globalStyle('body[data-print-report] header:not(main header), body[data-print-report] nav:not(main nav), body[data-print-report] aside:not(main aside)', {
  '@media': { print: { display: 'none' } },
});
globalStyle('body[data-print-report] main', { '@media': { print: { margin: 0, padding: 0, width: '100%' } } });
