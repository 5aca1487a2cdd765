import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme';
import { narrowScreen as mobile, SIDEBAR_RAIL_WIDTH, SIDEBAR_WIDTH, sidebarPanelFrame } from '../theme/frame';

/** Expanded width in px, set inline from the `width` prop. */
export const widthVar = createVar();
/** Width of the icon-only rail. */
export const RAIL_WIDTH = SIDEBAR_RAIL_WIDTH;

/** Occupies the sidebar's space in the page flow; the panel inside may be wider (hover expand). */
export const root = style({
  vars: { [widthVar]: `${SIDEBAR_WIDTH}px` },
  position: 'sticky',
  top: 'var(--sd-topbar-height, 56px)',
  height: 'calc(100dvh - var(--sd-topbar-height, 56px))',
  width: widthVar,
  flexShrink: 0,
  zIndex: 20,
  selectors: { '&[data-collapsed]': { width: RAIL_WIDTH } },
  '@media': {
    [mobile]: { position: 'fixed', top: 0, left: 0, height: '100dvh', width: 0, zIndex: 60 },
  },
});

export const panel = style({
  position: 'absolute',
  inset: 0,
  width: widthVar,
  display: 'flex',
  flexDirection: 'column',
  ...sidebarPanelFrame,
  transition: 'width 150ms ease, transform 200ms ease',
  overflow: 'hidden',
  selectors: {
    [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { width: RAIL_WIDTH },
    [`${root}[data-hover-expanded] &`]: { boxShadow: vars.shadow.md },
  },
  '@media': {
    [mobile]: {
      width: 'min(85vw, 300px)',
      transform: 'translateX(-100%)',
      // Closed: out of view, out of the tab order and without a shadow leaking at the edge.
      visibility: 'hidden',
      transition: 'transform 200ms ease, visibility 0s linear 200ms',
      selectors: {
        [`${root}[data-mobile-open] &`]: { transform: 'none', visibility: 'visible', boxShadow: vars.shadow.md, transition: 'transform 200ms ease' },
        [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { width: 'min(85vw, 300px)' },
      },
    },
  },
});

export const backdrop = style({
  display: 'none',
  '@media': {
    [mobile]: { display: 'block', position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 55 },
  },
});

export const mobileHeader = style({
  display: 'none',
  '@media': {
    [mobile]: { display: 'flex', justifyContent: 'flex-end', padding: vars.space.sm },
  },
});

export const nav = style({ flex: 1, overflowY: 'auto', overflowX: 'hidden', padding: `${vars.space.sm} 0` });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const subList = style({
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  selectors: { [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { display: 'none' } },
  '@media': { [mobile]: { selectors: { [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { display: 'block' } } } },
});

const itemBase = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: `calc(100% - ${vars.space.md})`,
  margin: `2px ${vars.space.sm}`,
  minHeight: 40,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.fg,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  whiteSpace: 'nowrap',
} as const;

export const item = style({
  ...itemBase,
  boxSizing: 'border-box',
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${vars.color.primary} 10%, transparent)` },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[aria-current="page"]': {
      background: `color-mix(in srgb, ${vars.color.primary} 16%, transparent)`,
      color: vars.color.fg,
      fontWeight: 600,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
    '&[data-active-group]': { fontWeight: 600 },
  },
});

export const subItem = style({ paddingInlineStart: 44 });

export const icon = style({ flexShrink: 0, color: vars.color.primary });

export const label = style({
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
  '@media': {
    [mobile]: {
      selectors: {
        [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { position: 'static', width: 'auto', height: 'auto', clip: 'auto' },
      },
    },
  },
});

export const chevron = style({
  flexShrink: 0,
  transition: 'transform 150ms ease',
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' },
    [`${root}[data-collapsed]:not([data-hover-expanded]) &`]: { display: 'none' },
  },
});

export const footer = style({
  borderTop: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  padding: `${vars.space.xs} 0`,
  '@media': { [mobile]: { display: 'none' } },
});

export const resizer = style({
  position: 'absolute',
  top: 0,
  right: -3,
  width: 6,
  height: '100%',
  cursor: 'col-resize',
  zIndex: 1,
  outline: 'none',
  selectors: {
    '&:hover, &:focus-visible, &[data-dragging]': { background: vars.color.focusRing },
    [`${root}[data-collapsed] &`]: { display: 'none' },
  },
  '@media': { [mobile]: { display: 'none' } },
});

globalStyle(`${root}[data-collapsed]:not([data-hover-expanded]) ${item}`, { justifyContent: 'center' });
