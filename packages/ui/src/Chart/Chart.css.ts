import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  color: vars.color.fg,
  minWidth: 0,
});

export const caption = style({
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  overflowWrap: 'anywhere',
});

export const plot = style({ position: 'relative', width: '100%', minWidth: 0 });

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
});

export const swatch = style({
  display: 'inline-block',
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: 2,
  marginInlineEnd: vars.space.xs,
  verticalAlign: 'middle',
});

export const center = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  pointerEvents: 'none',
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  color: vars.color.fg,
});

export const tooltip = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.sm,
});

/** The kit's one visually hidden style (read by assistive technology, not shown). */
export { visuallyHidden } from '../internal/visuallyHidden.css';
