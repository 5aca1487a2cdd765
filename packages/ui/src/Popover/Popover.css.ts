import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const popover = style({
  minWidth: '12rem',
  maxWidth: 'min(24rem, 95vw)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
  outline: 'none',
});

export const dialog = style({ padding: vars.space.md, outline: 'none', overflowWrap: 'anywhere' });

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
});
