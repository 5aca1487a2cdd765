import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { darkTokens, lightTokens } from './tokens';

// Every colour pair the components combine, with the WCAG AA minimum it must meet:
// 4.5:1 for text, 3:1 for non-text UI (input borders, focus ring) — WCAG 1.4.3 and 1.4.11.
const surfaces = ['bg', 'surface', 'surfaceRaised'] as const;
const textOnSurfaces = [
  'fg',
  'fgMuted',
  'primary',
  'danger',
  'success',
  'warning',
  'info',
] as const;
const uiOnSurfaces = ['border', 'focusRing'] as const;

describe.each([
  ['light', lightTokens],
  ['dark', darkTokens],
] as const)('the %s theme', (_name, { color }) => {
  it.each(surfaces.flatMap((bg) => textOnSurfaces.map((fg) => [fg, bg] as const)))(
    'has readable %s text on %s (≥ 4.5:1)',
    (fg, bg) => {
      expect(contrastRatio(color[fg], color[bg])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(surfaces.flatMap((bg) => uiOnSurfaces.map((fg) => [fg, bg] as const)))(
    'has a visible %s on %s (≥ 3:1)',
    (fg, bg) => {
      expect(contrastRatio(color[fg], color[bg])).toBeGreaterThanOrEqual(3);
    },
  );

  it('has readable text on filled primary and danger (≥ 4.5:1)', () => {
    expect(contrastRatio(color.primaryFg, color.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.dangerFg, color.danger)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG extremes', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
