import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** The table card's title and the year picker on one line (wrapping on a narrow screen). */
export const titleRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
/** The row header: the group, and the category under it. */
export const lineCell = style({ textAlign: 'start', fontWeight: 400 });
export const group = style({ display: 'block', fontWeight: 600, color: vars.color.fg });
/** A second, muted line under a cell's main text (the category; what the use is made of). */
export const detail = style({
  display: 'block',
  marginTop: '0.125rem',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 400,
  whiteSpace: 'normal',
});
/** Amounts line up on the right, as in a ledger. */
export const figure = style({ textAlign: 'end' });
export const totalFigure = style({ fontWeight: 600 });
/** A remaining amount below zero (after a director's override): bold, with the badge under it. */
export const overBudget = style({ fontWeight: 700 });
export const badgeLine = style({ display: 'block', marginTop: vars.space.xs });
/** What the use is made of, on one line (the table scrolls sideways on a phone rather than growing tall). */
export const usedDetail = style([detail, { whiteSpace: 'nowrap' }]);
