import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/*
 * The plain HTML tables of short lists (login history, organisation lists, the help-desk
 * catalogue): a horizontally scrolling wrapper, muted one-line headers and quiet row rules.
 * Long or filterable lists use the ui DataTable instead.
 */

/** Lets a wide table scroll sideways inside its card on a phone. */
export const tableWrap = style({ overflowX: 'auto' });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const th = style({
  textAlign: 'start',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.fgMuted,
  fontWeight: 600,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

/** A cell, its content centred vertically (compose with `verticalAlign: 'top'` for long text). */
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.border} 30%, transparent)`,
  verticalAlign: 'middle',
});

/** A row of something switched off (inactive position, location, category). */
export const inactiveRow = style({ color: vars.color.fgMuted });

/** The buttons at the end of a row, kept on one line (the table scrolls instead). */
export const rowActions = style({
  display: 'flex',
  flexWrap: 'nowrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
});

/** A figure cell (count, sort order, time): tabular digits on one line. */
export const numeric = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The muted header of an actions column. */
export const muted = style({ color: vars.color.fgMuted });
