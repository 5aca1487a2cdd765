import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../scripts/bundle-budgets.mjs';
import { createQueryClient } from './services';
import { createRoutes } from './router';
import type { SessionController } from '../session/session';
import type { ApiClient } from '@servicedesk/api/client';

/** The page-permission action keys the router checks on `path` (its `permission:<key>` routes, outer first). */
function permissionsOf(path: string): string[] {
  const table = createRoutes({} as SessionController, { queryClient: createQueryClient(), apiClient: {} as ApiClient });
  return (matchRoutes(table, path) ?? []).map((m) => m.route.id ?? '').filter((id) => id.startsWith('permission:')).map((id) => id.slice('permission:'.length));
}

describe("index.html's early page-permission checks (scripts/route-preload.mjs, issue #19)", () => {
  it('name for every preloaded route the action keys the router checks there', () => {
    const real = routes.filter((r) => r.preload !== false && /^\/[\w\-/:]*$/.test(r.path));
    expect(real.length).toBeGreaterThan(30);
    const listed = Object.fromEntries(real.map((r) => [r.path, r.permissions ?? []]));
    const checked = Object.fromEntries(real.map((r) => [r.path, permissionsOf(r.path.replace(/:\w+/g, '1'))]));
    expect(listed).toEqual(checked);
  });
});
