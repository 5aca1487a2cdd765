import { style } from '@vanilla-extract/css';

/**
 * The one visually hidden style of the kit: read by assistive technology, not shown
 * (labels of icon-only controls, chart data tables, live texts). Spread `visuallyHiddenRules`
 * into a media query or selector to hide something only in some layouts.
 */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Class: read by assistive technology, not shown. */
export const visuallyHidden = style(visuallyHiddenRules, 'visuallyHidden');
