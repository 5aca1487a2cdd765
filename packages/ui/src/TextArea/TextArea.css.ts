import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Extra rules for the multi-line box on top of the shared TextField input look. */
export const textArea = style({
  minHeight: '6rem',
  resize: 'vertical',
  lineHeight: 1.5,
  color: vars.color.fg,
});
