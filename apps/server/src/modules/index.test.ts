import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import map from './modules.json';
import { serverModules } from './index';

// The one list of modules the app mounts (modules/index.ts) against the folders and modules.json.
describe('the list of server modules', () => {
  const folders = readdirSync(new URL('./', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory());

  it('mounts every module that has routes, once', () => {
    const withRoutes = folders.filter((f) => readdirSync(new URL(`./${f.name}/`, import.meta.url)).some((n) => n.endsWith('.routes.ts'))).map((f) => f.name);
    const listed = serverModules.map((m) => m.name);
    expect([...listed].sort()).toEqual([...withRoutes].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('mounts the platform first, then each business module after the ones it builds on', () => {
    const position = new Map(serverModules.map((m, i) => [m.name as string, i]));
    const lastPlatform = Math.max(...map.platform.filter((p) => position.has(p)).map((p) => position.get(p) as number));
    for (const [name, deps] of Object.entries(map.business)) {
      expect(position.get(name)).toBeGreaterThan(lastPlatform);
      for (const d of deps) expect(position.get(d), `${d} before ${name}`).toBeLessThan(position.get(name) as number);
    }
  });

  it('gives every route plugin an /api prefix', () => {
    for (const m of serverModules) for (const r of m.routes) expect(r.prefix).toMatch(/^\/api\//);
  });
});
