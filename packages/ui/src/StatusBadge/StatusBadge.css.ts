import { style } from '@vanilla-extract/css';

/** The dot before the word, so the family shows by shape as well as colour. */
export const dot = style({
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: '50%',
  background: 'currentColor',
  flexShrink: 0,
});
