import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatistics } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

describe.each(backends)('dashboard statistics on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the caller’s sign-ins and failures and tells the previous sign-in', async () => {
    const first = await t.login('clerk@servicedesk.az');
    const initial = dashboardStatistics.parse((await t.as(first, { method: 'GET', url: '/api/dashboard/statistics' })).json());
    expect(initial).toEqual({ activeUsers: 10, mySignInsLast30Days: 1, myFailedSignInsLast30Days: 0, lastSignInAt: null });

    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'clerk@servicedesk.az', password: 'Wrong1234' } });
    const second = await t.login('CLERK@servicedesk.az');
    const stats = dashboardStatistics.parse((await t.as(second, { method: 'GET', url: '/api/dashboard/statistics' })).json());
    expect(stats.mySignInsLast30Days).toBe(2);
    expect(stats.myFailedSignInsLast30Days).toBe(1);
    expect(stats.lastSignInAt).not.toBeNull();
    expect(Date.now() - Date.parse(stats.lastSignInAt ?? '')).toBeLessThan(60_000);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/statistics' })).statusCode).toBe(401);
  });
});
