import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Input plus the −/+ steppers in one row. */
export const group = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.xs });

export const stepper = style({
  minWidth: '2.5rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { background: vars.color.surfaceRaised },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});
