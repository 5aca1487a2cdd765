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

// Under reduced motion: animations end at once (0.01 ms, so animationend still fires for RAC's
// exit animations) and transitions do not run. Not 0.01 ms for transitions: every element's
// transition-property is `all` by default, so a tiny duration would turn every style change
// into a (still pending) transition and getComputedStyle would read the old value.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0s !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
