import { createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract: semantic CSS variables every ui style reads. Light and dark fill all of
 * it (themes.css.ts); the app picks one with `data-theme="light"|"dark"` on <html>.
 *
 * color.fg / fgMuted are text on bg, surface and surfaceRaised; primaryFg is text on primary,
 * dangerFg text on danger; success / warning / info / danger are also readable as text on the
 * surfaces (badges, toast accents). border is for input outlines (≥3:1 against surfaces).
 */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    fg: null,
    fgMuted: null,
    primary: null,
    primaryFg: null,
    danger: null,
    dangerFg: null,
    success: null,
    warning: null,
    info: null,
    focusRing: null,
    overlay: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { sm: null, md: null, lg: null, xl: null, xxl: null },
  shadow: { sm: null, md: null },
});
