import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

/** SPEC §9: rows of a collapsing group fade out over 300 ms (global.css turns it off under reduced motion). */
const collapse = keyframes({
  from: { opacity: 1, transform: 'none' },
  to: { opacity: 0, transform: 'translateY(-8px) scaleY(0.6)' },
});
const expand = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px) scaleY(0.6)' },
  to: { opacity: 1, transform: 'none' },
});
const shimmer = keyframes({
  '0%': { opacity: 0.45 },
  '50%': { opacity: 0.9 },
  '100%': { opacity: 0.45 },
});

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  color: vars.color.fg,
  fontFamily: vars.font.body,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const toolbarEnd = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
  // On a phone the count and the buttons wrap inside the card instead of running past it.
  minWidth: 0,
  maxWidth: '100%',
});

export const count = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overscrollBehavior: 'contain',
});

export const grid = style({ position: 'relative', minWidth: '100%', outline: 'none' });

/** The two header rows stay at the top while the body scrolls under them. */
export const head = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const row = style({
  display: 'flex',
  alignItems: 'stretch',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    '&[data-selected]': {
      background: vars.color.surfaceRaised,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
    '&[data-state=collapsing]': { animation: `${collapse} 300ms ease-in forwards` },
    '&[data-state=expanding]': { animation: `${expand} 300ms ease-out` },
  },
});

export const headRow = style({ display: 'flex', alignItems: 'stretch' });

export const bodyRow = style([
  row,
  {
    position: 'absolute',
    top: 0,
    left: 0,
    minWidth: '100%',
    selectors: {
      // A row with an action opens on a click: say so to the pointer.
      '&[data-actionable]': { cursor: 'pointer' },
      '&[data-actionable]:hover': { background: vars.color.surfaceRaised },
    },
  },
]);

export const cell = recipe(
  {
    base: {
      flex: 'none',
      display: 'flex',
      alignItems: 'center',
      gap: vars.space.sm,
      padding: `${vars.space.sm} ${vars.space.md}`,
      minHeight: '2.75rem',
      fontSize: vars.fontSize.md,
      overflowWrap: 'anywhere',
      outline: 'none',
      selectors: {
        '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
      },
    },
    variants: {
      align: { start: {}, end: { justifyContent: 'flex-end', textAlign: 'end' } },
      noWrap: { true: { whiteSpace: 'nowrap', overflow: 'hidden' }, false: {} },
      /** Numbers and money: digits of one width so a column's amounts line up. */
      numeric: { true: { fontVariantNumeric: 'tabular-nums' }, false: {} },
    },
    defaultVariants: { align: 'start', noWrap: false, numeric: false },
  },
  'DataTableCell',
);

export const cellText = style({ minWidth: 0 });
export const cellTextNoWrap = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });

export const headerCell = style({
  flex: 'none',
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});

export const filterCell = style({
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.sm} ${vars.space.sm}`,
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '2.25rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.fg,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&:disabled': { cursor: 'default' },
  },
});

export const sortIcon = recipe({
  base: { flex: 'none', transition: 'transform 150ms' },
  variants: {
    dir: {
      asc: {},
      desc: { transform: 'rotate(180deg)' },
      none: { opacity: 0 },
    },
  },
});

export const filterInput = style({
  width: '100%',
  minHeight: '2rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  '::placeholder': { color: vars.color.fgMuted, opacity: 1 },
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const resizeHandle = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  width: '6px',
  height: '100%',
  cursor: 'col-resize',
  touchAction: 'none',
  selectors: { '&:hover, &[data-resizing]': { background: vars.color.primary } },
});

export const checkbox = style({
  width: '1.1rem',
  height: '1.1rem',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
});

export const selectCellWidth = 48;

export const groupToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const groupChevron = recipe({
  base: { flex: 'none', transition: 'transform 300ms' },
  variants: { expanded: { true: { transform: 'rotate(90deg)' }, false: {} } },
});

export const groupCount = style({ color: vars.color.fgMuted, fontWeight: 400 });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '1.75rem',
  height: '1.75rem',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.fgMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised, color: vars.color.fg },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const linkButton = style({
  border: 'none',
  padding: 0,
  background: 'none',
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const elements = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const element = style({
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
});

export const skeletonBar = style({
  display: 'block',
  height: '0.75rem',
  width: '70%',
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${shimmer} 1.2s ease-in-out infinite`,
});

export const message = style({
  padding: `${vars.space.xl} ${vars.space.md}`,
  color: vars.color.fgMuted,
  textAlign: 'center',
  justifyContent: 'center',
  width: '100%',
});

/** The empty table's cell: stays at the scroll area's left edge (its width is the visible width). */
export const emptyCell = style({ position: 'sticky', left: 0 });

export const footer = style({ display: 'flex', justifyContent: 'center' });

export const settingsPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  minWidth: '16rem',
  maxHeight: '24rem',
  overflow: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
});

export const settingsItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const settingsLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: 1,
  cursor: 'pointer',
});

/** The kit's one visually hidden style (read by assistive technology, not shown). */
export { visuallyHidden } from '../internal/visuallyHidden.css';
