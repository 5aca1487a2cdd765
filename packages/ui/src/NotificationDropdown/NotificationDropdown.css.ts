import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.fg,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceRaised },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const badge = style({
  position: 'absolute',
  top: '-0.2rem',
  insetInlineEnd: '-0.35rem',
  pointerEvents: 'none',
});

export const popover = style({
  width: 'min(24rem, calc(100vw - 1rem))',
  background: vars.color.surface,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const dialog = style({
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  maxHeight: 'min(34rem, 80vh)',
  minWidth: 0,
});

export const search = style({
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  color: vars.color.fg,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const tabList = style({
  display: 'flex',
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  cursor: 'pointer',
  color: vars.color.fgMuted,
  borderBottom: '2px solid transparent',
  outline: 'none',
  selectors: {
    '&[data-selected]': { color: vars.color.fg, borderBottomColor: vars.color.primary, fontWeight: 600 },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

/**
 * The tabs between the search field and the dialog's bottom: a flex column that may shrink
 * (minHeight 0), so the open panel scrolls inside the dialog instead of running past it (issue
 * #41: on a phone the list went on below the dropdown's border).
 */
export const tabs = style({ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' });

export const panel = style({ overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: vars.space.xs, outline: 'none', minHeight: 0, flex: '1 1 auto' });

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end' });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const item = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  width: '100%',
  padding: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.fg,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-unread]': { background: vars.color.surfaceRaised },
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const itemBody = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, fontSize: vars.fontSize.sm });

export const itemName = style({ fontWeight: 600 });

export const itemDate = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const link = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  font: 'inherit',
  padding: vars.space.xs,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` } },
});

export const empty = style({ color: vars.color.fgMuted, textAlign: 'center', padding: vars.space.md });
