import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@servicedesk/contracts';
import { userTypes, users } from '../db/schema';
import { isCatalogueKey } from '../lib/access';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import type { ApiRoute } from './auth-guard';

/** A concrete path for a route pattern: every `:param` becomes 1 (the guard answers before validation). */
const pathOf = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x');

/** The methods of a route except the HEAD twins Fastify adds for GET routes. */
const methodsOf = (route: ApiRoute) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

/**
 * Issue #5: every registered /api route declares `public`, `permission: 'signedIn'` or an action
 * key of the catalogue; a signed-in user whose type holds no grant gets 403 `forbidden` from every
 * action-keyed route, and never from a public or signedIn one.
 */
describe.each(backends)('route permissions on %s', (backend) => {
  let t: TestApp;
  let bare: string;
  let admin: string;
  let routes: ApiRoute[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { db, passwords } = t.app.deps;
    const [type] = await db.insert(userTypes).values({ key: 'route-test-bare', name: 'No grants' }).returning();
    await db.insert(users).values({
      firstName: 'Bare',
      lastName: 'Type',
      email: 'bare@servicedesk.az',
      passwordHash: await passwords.hash('Bare12345'),
      userTypeId: type!.id,
    });
    [bare, admin] = await Promise.all([t.login('bare@servicedesk.az', 'Bare12345'), t.login('admin@servicedesk.az')]);
    routes = t.app.apiRoutes.filter((r) => methodsOf(r).length > 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the routes of every module', () => {
    const urls = routes.map((r) => r.url);
    for (const prefix of ['/api/auth/', '/api/global/', '/api/dashboard/', '/api/chat/', '/api/global/Layout/']) {
      expect(urls.some((u) => u.startsWith(prefix)), prefix).toBe(true);
    }
  });

  it('has every route declare public, signedIn or a catalogue action key', () => {
    const undeclared = routes.filter((r) => !r.public && r.permission === undefined).map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    expect(undeclared).toEqual([]);
    const unknown = routes
      .filter((r) => r.permission !== undefined && r.permission !== 'signedIn' && !isCatalogueKey(r.permission))
      .map((r) => `${r.url} → ${r.permission}`);
    expect(unknown).toEqual([]);
  });

  it('refuses every action-keyed route to a user type without grants with 403 forbidden, but not the admin', async () => {
    const keyed = routes.filter((r) => !r.public && r.permission !== undefined && r.permission !== 'signedIn');
    expect(keyed.length).toBeGreaterThan(0);
    for (const route of keyed) {
      for (const method of methodsOf(route)) {
        const res = await t.as(bare, { method, url: pathOf(route.url), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${route.url}`).toBe(403);
        expect(res.json<ApiError>(), `${method} ${route.url}`).toEqual({
          message: expect.any(String),
          code: 'forbidden',
          details: { rule: 'userTypeLacks', params: { actionKey: route.permission, userTypeId: expect.any(Number) } },
        });
        const asAdmin = await t.as(admin, { method, url: pathOf(route.url), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        if (asAdmin.statusCode === 403) expect(asAdmin.json<ApiError>().details, `admin ${method} ${route.url}`).not.toMatchObject({ rule: 'userTypeLacks' });
      }
    }
  });

  it('lets the same user through public and signedIn routes (no 401, no 403)', async () => {
    const open = routes.filter((r) => r.public || r.permission === 'signedIn');
    expect(open.length).toBeGreaterThan(0);
    for (const route of open) {
      for (const method of methodsOf(route)) {
        // Logging out or changing a password would end the session the loop relies on.
        if (/logout|changePassword/i.test(route.url)) continue;
        const res = await t.as(bare, { method, url: pathOf(route.url), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect([401, 403], `${method} ${route.url} answered ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it('answers 401 without a token on a guarded route, before the permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/statistics' });
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiError>().code).toBe('missingToken');
  });
});
