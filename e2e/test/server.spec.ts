import { expect, test } from '@playwright/test';
import { apiLogin, demoUsers, DEMO_PASSWORD } from './support/session';

/**
 * The real server on a fresh data dir, seen from outside over HTTP: migrated and seeded at
 * start (demo users sign in), the auth rules, and what it serves to the browser (the built web
 * app with a SPA fallback, the translation files). The browser specs build on these facts.
 */
test.describe('server on a fresh data dir', () => {
  test('every seeded demo user signs in with the demo password', async ({ request }) => {
    for (const email of Object.values(demoUsers)) {
      const login = await apiLogin(request, email);
      expect(login.token.length).toBeGreaterThan(20);
      expect(Date.parse(login.expiresAt)).toBeGreaterThan(Date.now());
      expect(login.user.email).toBe(email);
    }
  });

  test('a wrong password is refused with 401 invalidCredentials', async ({ request }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: demoUsers.employee, password: `${DEMO_PASSWORD}x`, latitude: null, longitude: null },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalidCredentials' });
  });

  test('the API needs a bearer token, and the admin sees the whole menu tree', async ({ request }) => {
    expect((await request.get('/api/global/Layout/GetMenus')).status()).toBe(401);
    const { token } = await apiLogin(request, demoUsers.admin);
    const response = await request.get('/api/global/Layout/GetMenus', {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'az' },
    });
    expect(response.status()).toBe(200);
    const menus = (await response.json()) as Array<{ caption: string; url: string; subMenus?: Array<{ url: string }> }>;
    const captions = menus.map((m) => m.caption);
    expect(captions).toEqual(expect.arrayContaining(['menu.dashboard', 'menu.helpdesk', 'menu.loginHistory', 'menu.profile']));
    const helpdesk = menus.find((m) => m.caption === 'menu.helpdesk');
    expect(helpdesk?.subMenus?.map((s) => s.url)).toContain('/home/helpdesk/requests');
  });

  test('serves the translations and, to a browser, the web app with a SPA fallback', async ({ request }) => {
    const az = await request.get('/assets/i18n/az.json');
    expect(az.status()).toBe(200);
    expect(await az.json()).toHaveProperty('sessionHasExpired');
    for (const path of ['/', '/home/dashboard', '/auth/login', '/no/such/page']) {
      const response = await request.get(path, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expect(await response.text(), path).toContain('<div id="root"');
    }
    // An unknown API path is never the SPA: it answers the JSON error shape.
    const api = await request.get('/api/no/such/call', { headers: { Accept: 'text/html' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'notFound' });
  });
});
