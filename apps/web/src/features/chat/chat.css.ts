import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const launcher = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 890,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const launcherButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3.25rem',
  height: '3.25rem',
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryFg,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 } },
});

export const launcherCount = style({
  position: 'absolute',
  top: '-0.3rem',
  right: '-0.3rem',
  minWidth: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.dangerFg,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '1.25rem',
});

export const listPanel = style({
  width: 280,
  maxHeight: '60vh',
  overflowY: 'auto',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
});

export const listTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md });
