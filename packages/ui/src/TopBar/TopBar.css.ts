import { style } from '@vanilla-extract/css';
import { visuallyHiddenRules } from '../internal/visuallyHidden.css';
import { vars } from '../theme';
import { brandMarkFrame, brandTextFrame, brandTextHidden, narrowScreen as mobile, topBarFrame, topBarFrameNarrow } from '../theme/frame';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 40,
  ...topBarFrame,
  '@media': { [mobile]: topBarFrameNarrow },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.fg,
  ...brandTextFrame,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` } },
});

export const brandMark = style(brandMarkFrame);

export const brandText = style({
  '@media': { [brandTextHidden]: { display: 'none' } },
});

export const spacer = style({ flex: 1 });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 40,
  minWidth: 40,
  justifyContent: 'center',
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.fg,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': {
      background: `color-mix(in srgb, ${vars.color.primary} 10%, transparent)`,
    },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

/** Defined after `trigger` so its display rule wins: the toggle exists on narrow screens only. */
export const menuToggle = style({
  display: 'none',
  '@media': { [mobile]: { display: 'inline-flex' } },
});

/** Read by assistive technology, not shown. */
export { visuallyHidden } from '../internal/visuallyHidden.css';

/** Shown on wide screens; on narrow ones only read (the user menu keeps its name). */
export const hideNarrow = style({ '@media': { [mobile]: visuallyHiddenRules } });

export const flag = style({
  width: 22,
  height: 15,
  borderRadius: 2,
  objectFit: 'cover',
  flexShrink: 0,
});

export const popover = style({
  minWidth: 180,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid color-mix(in srgb, ${vars.color.border} 45%, transparent)`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space.xs,
  outline: 'none',
});

export const menu = style({ outline: 'none' });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[data-focused]': { background: `color-mix(in srgb, ${vars.color.primary} 14%, transparent)` },
    '&[data-selected]': { fontWeight: 600 },
  },
});

export const check = style({ marginInlineStart: 'auto', color: vars.color.primary });
