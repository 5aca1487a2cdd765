import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Shared by DatePicker and DateRangePicker. */
export const group = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.5rem',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  selectors: {
    '&[data-focus-within]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const dateInput = style({ display: 'flex', flex: 1, fontVariantNumeric: 'tabular-nums' });

export const segment = style({
  paddingInline: 1,
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.fgMuted },
    '&[data-type="literal"]': { color: vars.color.fgMuted },
    '&[data-focused]': { background: vars.color.primary, color: vars.color.primaryFg },
  },
});

export const dash = style({ color: vars.color.fgMuted, paddingInline: vars.space.xs });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  border: 'none',
  background: 'transparent',
  color: vars.color.fg,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
    '&[data-pressed]': { background: vars.color.surfaceRaised },
  },
});

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.md,
  outline: 'none',
});

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600 });

export const navButton = style([
  trigger,
  { fontSize: vars.fontSize.lg, minWidth: '2rem', justifyContent: 'center' },
]);

export const grid = style({ borderCollapse: 'collapse' });

export const headerCell = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  padding: vars.space.xs,
});

export const cell = style({
  width: '2.25rem',
  height: '2.25rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-selected]': { background: vars.color.primary, color: vars.color.primaryFg },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.fgMuted,
      cursor: 'default',
      textDecoration: 'line-through',
    },
    '&[data-invalid]': { background: vars.color.danger, color: vars.color.dangerFg },
  },
});
