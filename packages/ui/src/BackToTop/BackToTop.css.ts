import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const backToTop = style({
  position: 'fixed',
  insetInlineEnd: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 50,
  width: '2.75rem',
  minHeight: '2.75rem',
  padding: 0,
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.md,
});
