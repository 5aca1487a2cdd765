import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  background: vars.color.bg,
  color: vars.color.fg,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('a', { color: vars.color.primary });

// One visible focus ring for everything that is keyboard-focused; RAC components set
// data-focus-visible, native elements match :focus-visible.
globalStyle(':focus-visible, [data-focus-visible]', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
