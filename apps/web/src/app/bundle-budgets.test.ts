import { describe, expect, it } from 'vitest';
import { measureRoutes, routes } from '../../scripts/bundle-budgets.mjs';

/** A tiny Vite manifest: the entry, a shared chunk, a page and a lazily loaded chart. */
const manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/Page.tsx': { file: 'assets/Page.js', imports: ['_shared.js', '_page.css.js'] },
  '_page.css.js': { file: 'assets/page.css' },
  'src/Chart.tsx': { file: 'assets/Chart.js', imports: ['_shared.js'] },
};
const sizes: Record<string, number> = {
  'assets/index.js': 100_000,
  'assets/shared.js': 20_000,
  'assets/Page.js': 30_000,
  'assets/Chart.js': 90_000,
};
const gzipBytes = (file: string) => sizes[file] ?? 0;

describe('bundle budgets (issue #19)', () => {
  it('adds the entry, the page and their static imports once each, JS only; lazy parts apart', () => {
    const [figure] = measureRoutes(manifest, gzipBytes, [
      { name: 'page', path: '/page', budgetKb: 200, load: ['src/Page.tsx'], later: ['src/Chart.tsx'] },
    ]);
    expect(figure).toMatchObject({ files: 3, kb: 150, laterKb: 90, overBudget: false, failed: false });
  });

  it('fails a route over its ceiling, and one whose module left the manifest', () => {
    const [over, renamed] = measureRoutes(manifest, gzipBytes, [
      { name: 'over', path: '/a', budgetKb: 100, ceilingKb: 140, load: ['src/Page.tsx'] },
      { name: 'renamed', path: '/b', load: ['src/Gone.tsx'] },
    ]);
    expect(over).toMatchObject({ kb: 150, overBudget: true, failed: true });
    expect(renamed).toMatchObject({ failed: true, missing: ['src/Gone.tsx'] });
  });

  it('holds the sign-in page to 130 KB and the other routes to 250 KB', () => {
    expect(routes.find((r) => r.path === '/auth/login')?.budgetKb).toBe(130);
    const [other] = measureRoutes({ 'index.html': { file: 'assets/index.js' } }, () => 251_000, [{ name: 'x', path: '/x', load: [] }]);
    expect(other).toMatchObject({ budgetKb: 250, overBudget: true, failed: true });
  });
});
