import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* List and form pages of every module (help desk, stock…): header, filter bar, table card, form grid, dashboard widgets. */

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

/** Phones: the filter bar starts folded behind the "Filters" toggle (HelpdeskRequestsPage leaves its fields out while folded). */
export const phoneFilters = 'screen and (max-width: 40rem)';

export const filterBar = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12.5rem), 1fr))',
  alignItems: 'end',
  marginBottom: vars.space.md,
  '@media': { [phoneFilters]: { selectors: { '&:not([data-open])': { display: 'none' } } } },
});

/** The "Filters" toggle: only on phones, where the filter bar starts folded. */
export const filterToggle = style({
  display: 'none',
  margin: `${vars.space.sm} 0`,
  '@media': { [phoneFilters]: { display: 'flex' } },
});

export const wide = style({ gridColumn: 'span 2', '@media': { 'screen and (max-width: 30rem)': { gridColumn: 'auto' } } });

export const filterActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, minHeight: 40 });

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
  minHeight: 40,
  cursor: 'pointer',
});

export const checkbox = style({ width: 18, height: 18, margin: 0, accentColor: vars.color.primary, cursor: 'pointer' });

export const tableCard = style({ padding: vars.space.md, '@media': { 'screen and (max-width: 40rem)': { padding: vars.space.sm } } });

export const numberCell = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, whiteSpace: 'nowrap' });

export const numberLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const overdueMark = style({ color: vars.color.danger, display: 'inline-flex' });

export const dueCell = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const overdueText = style({ color: vars.color.danger, fontWeight: 600 });

export const muted = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, margin: 0 });

// --- Forms ---------------------------------------------------------------------------------

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
});

export const formCard = style({ maxWidth: '48rem', width: '100%' });

export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });

export const formError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const hint = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.info}`,
  background: `color-mix(in srgb, ${vars.color.info} 10%, ${vars.color.surface})`,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
});

export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.fg });

/** The four name fields two by two in a dialog (one column on phones). */
export const namesGrid = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
});

// --- Dashboard widgets -------------------------------------------------------------------------

export const widgetGrid = style({
  display: 'grid',
  gap: vars.space.md,
  // Two figures a row on phones (9rem), four on a wide screen.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const widgetLink = style({
  display: 'block',
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.lg,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: 'none', boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
});

export const widgetDanger = style({ color: vars.color.danger });

export const chartCard = style({ marginTop: vars.space.md });

export const sectionHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
