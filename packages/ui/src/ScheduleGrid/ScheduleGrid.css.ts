import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/* The staff schedule's month grid (issue #18): people as rows, days as columns. */

/** Scrolls both ways; the names column and the day header stay in view. */
export const wrap = style({ overflow: 'auto', maxHeight: '70vh', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });

export const grid = style({ borderCollapse: 'separate', borderSpacing: 0, fontSize: vars.fontSize.sm, userSelect: 'none', touchAction: 'none' });

const headBase = {
  position: 'sticky',
  background: vars.color.surface,
  color: vars.color.fg,
  fontWeight: 600,
  zIndex: 1,
} as const;

export const colHeader = style({
  ...headBase,
  top: 0,
  minWidth: '2.75rem',
  padding: `${vars.space.xs} 0`,
  textAlign: 'center',
  borderBottom: `1px solid ${vars.color.border}`,
  lineHeight: 1.2,
});

export const weekday = style({ display: 'block', fontWeight: 400, color: vars.color.fgMuted, fontSize: '0.75em' });

export const corner = style({ ...headBase, top: 0, left: 0, zIndex: 2, textAlign: 'start', padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });

export const rowHeader = style({
  ...headBase,
  left: 0,
  textAlign: 'start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  whiteSpace: 'nowrap',
  maxWidth: '14rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  borderRight: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
});

export const detail = style({ display: 'block', fontWeight: 400, color: vars.color.fgMuted, fontSize: '0.75em' });

/** A weekend or holiday column (header and cells). */
export const offDay = style({ background: `color-mix(in srgb, ${vars.color.fgMuted} 12%, ${vars.color.surface})` });

export const cell = style({
  height: '2.25rem',
  minWidth: '2.75rem',
  padding: 0,
  textAlign: 'center',
  cursor: 'cell',
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  borderRight: `1px solid color-mix(in srgb, ${vars.color.border} 25%, transparent)`,
  color: vars.color.fg,
  outline: 'none',
  selectors: {
    '&[aria-selected="true"]': { boxShadow: `inset 0 0 0 2px ${vars.color.primary}` },
    '&:focus-visible': { boxShadow: `inset 0 0 0 3px ${vars.color.focusRing}` },
  },
});

/** The kinds' colours (mixed into the surface so text keeps its contrast in both themes). */
export const kind = styleVariants({
  work: { background: `color-mix(in srgb, ${vars.color.success} 22%, ${vars.color.surface})` },
  remote: { background: `color-mix(in srgb, ${vars.color.info} 22%, ${vars.color.surface})` },
  vacation: { background: `color-mix(in srgb, ${vars.color.warning} 28%, ${vars.color.surface})` },
  sick: { background: `color-mix(in srgb, ${vars.color.danger} 20%, ${vars.color.surface})` },
  dayOff: { background: `color-mix(in srgb, ${vars.color.fgMuted} 22%, ${vars.color.surface})` },
});

export const total = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums', borderTop: `2px solid ${vars.color.border}` });

/** A day under the group's minimum. */
export const under = style({ background: `color-mix(in srgb, ${vars.color.danger} 16%, ${vars.color.surface})`, boxShadow: `inset 0 -3px 0 ${vars.color.danger}` });
