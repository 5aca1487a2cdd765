import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const toggle = style({
  minHeight: '2rem',
  width: '2rem',
  padding: 0,
  color: vars.color.fgMuted,
});
