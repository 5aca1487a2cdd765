import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

/** The floating panel of a menu or a select. Shared with Select. */
export const popover = style({
  minWidth: 'var(--trigger-width, 10rem)',
  maxHeight: '20rem',
  overflow: 'auto',
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
  selectors: { '&[data-entering]': { animation: `${fadeIn} 120ms ease-out` } },
});

export const menu = style({
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

/** One row of a menu or a listbox; RAC sets data-focused / data-selected / data-disabled. */
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.fg,
  fontSize: vars.fontSize.md,
  selectors: {
    '&[data-focused]': { background: vars.color.primary, color: vars.color.primaryFg },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const itemLabel = style({ flex: 1 });

export const check = style({ marginInlineStart: 'auto' });

export const trigger = style({ gap: vars.space.sm });
