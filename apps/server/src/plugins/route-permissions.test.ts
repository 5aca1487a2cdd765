import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { ApiError } from '@servicedesk/contracts';
import type { AppDeps } from '../types';
import { registerErrorHandler } from './error-handler';
import { userTypes, users } from '../db/schema';
import { isCatalogueKey } from '../lib/access';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { registerAuthGuard, type ApiRoute } from './auth-guard';

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
        // Logging out or changing a password would end the session the loop relies on. The WhatsApp
        // webhook is public but signed by Meta: without its X-Hub-Signature-256 it answers 401 by design.
        if (/logout|changePassword|whatsapp\/webhook/i.test(route.url)) continue;
        const res = await t.as(bare, { method, url: pathOf(route.url), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        // A document's page is open to the signed-in and its service decides per document (read
        // while routed to you, server README "Who reads a document"): a 403 naming that document is
        // the record's answer, not the route's guard.
        if (res.statusCode === 403 && (res.json<ApiError>().details as { params?: { documentId?: number } } | undefined)?.params?.documentId !== undefined) continue;
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

describe('the guard without a database', () => {
  /** An app with the guard, whose token always names active user 1 of type 1 (no grants). */
  const guarded = async () => {
    const app = Fastify();
    const row = { id: 1, email: 'x@servicedesk.az', userTypeId: 1, isActive: true, grants: '', groupIds: [] };
    const chain = { from: () => chain, where: () => chain, prepare: () => ({ execute: async () => [row] }) };
    app.decorate('deps', { tokens: { verify: async () => 1 }, db: { select: () => chain } } as unknown as AppDeps);
    registerErrorHandler(app);
    registerAuthGuard(app);
    app.get('/api/undeclared', async () => ({ ok: true }));
    app.get('/api/signed-in', { config: { permission: 'signedIn' } }, async () => ({ ok: true }));
    app.get('/api/open', { config: { public: true } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  };
  const bearer = { authorization: 'Bearer anything' };

  it('fails closed: a route that declares nothing answers 403 undeclaredPermission', async () => {
    const app = await guarded();
    const res = await app.inject({ method: 'GET', url: '/api/undeclared', headers: bearer });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiError>()).toMatchObject({ code: 'forbidden', details: { rule: 'undeclaredPermission' } });
    expect((await app.inject({ method: 'GET', url: '/api/signed-in', headers: bearer })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/signed-in' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/nowhere', headers: bearer })).statusCode).toBe(404);
    expect(app.apiRoutes.map((r) => [r.url, r.public, r.permission])).toEqual(
      expect.arrayContaining([['/api/undeclared', false, undefined], ['/api/signed-in', false, 'signedIn'], ['/api/open', true, undefined]]),
    );
    await app.close();
  });
});
