/**
 * Raw token values of the light and dark themes. The CSS lives in themes.css.ts; this plain
 * module exists so tests (and anyone needing a value in JS, e.g. a canvas) can read the same
 * numbers. Colour pairs are chosen to pass WCAG AA (4.5:1 for text) in both themes — see
 * theme.test.ts, which computes every pair that components actually combine.
 */
const shared = {
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  radius: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSize: { sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '2rem' },
};

export const lightTokens = {
  ...shared,
  color: {
    bg: '#f4f6f9',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    border: '#7b8494',
    fg: '#161b24',
    fgMuted: '#4a5463',
    primary: '#1d4ed8',
    primaryFg: '#ffffff',
    danger: '#b91c1c',
    dangerFg: '#ffffff',
    success: '#166534',
    warning: '#92400e',
    info: '#075985',
    focusRing: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.55)',
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.12)',
    md: '0 8px 24px rgba(15, 23, 42, 0.18)',
  },
};

export const darkTokens: typeof lightTokens = {
  ...shared,
  color: {
    bg: '#0e131a',
    surface: '#161c25',
    surfaceRaised: '#1f2733',
    border: '#7a8595',
    fg: '#e8ebf0',
    fgMuted: '#a9b2bf',
    primary: '#8ab4ff',
    primaryFg: '#0b1220',
    danger: '#ff8a8a',
    dangerFg: '#1a0606',
    success: '#5fd38d',
    warning: '#f5c04a',
    info: '#6cc4f5',
    focusRing: '#8ab4ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 8px 24px rgba(0, 0, 0, 0.55)',
  },
};

export type ThemeTokens = typeof lightTokens;
