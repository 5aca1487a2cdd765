import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { login } from '@servicedesk/api/auth/login';
import { systemHasLdap } from '@servicedesk/api/auth/system-has-ldap';
import { forgotPassword } from '@servicedesk/api/auth/forgot-password';
import { checkResetToken } from '@servicedesk/api/auth/check-reset-token';
import { resetPassword } from '@servicedesk/api/auth/reset-password';
import { checkCurrentPassword } from '@servicedesk/api/auth/check-current-password';
import { changePassword } from '@servicedesk/api/auth/change-password';
import { validResetToken } from '@servicedesk/api/auth/auth.handlers';
import { getMenus } from '@servicedesk/api/global/get-menus';
import { getUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { getUserLists } from '@servicedesk/api/global/get-user-lists';
import { checkMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { getMenuPermissions } from '@servicedesk/api/global/get-menu-permissions';
import { updateUserSelectedLanguage } from '@servicedesk/api/global/update-user-selected-language';
import { getLoginHistoryList } from '@servicedesk/api/global/get-login-history-list';
import { toPhoneNumber, updateUserNumber } from '@servicedesk/api/global/update-user-number';
import { getSpecodesByKey } from '@servicedesk/api/global/get-specodes-by-key';
import { getTableOrder } from '@servicedesk/api/global/get-table-order';
import { updateTableOrder } from '@servicedesk/api/global/update-table-order';
import { getCurrentUser } from '@servicedesk/api/global/get-current-user';
import { getStatistics } from '@servicedesk/api/dashboard/get-statistics';
import { menusFixture } from '@servicedesk/api/global/global.fixtures';
import { statisticsFixture } from '@servicedesk/api/dashboard/dashboard.fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('auth endpoints against the mocks', () => {
  it('signs a demo user in with a trimmed, case-insensitive email and a live expiry', async () => {
    const answer = await login(api, {
      email: '  Admin@ServiceDesk.az ',
      password: 'Demo1234',
      latitude: null,
      longitude: null,
    });
    expect(answer.user.firstName).toBe('Aysel');
    expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password with 401 invalidCredentials', async () => {
    quiet();
    await expect(
      login(api, { email: 'admin@servicedesk.az', password: 'nope' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalidCredentials',
    });
  });

  it('answers the LDAP flag and forgot-password alike for any email', async () => {
    await expect(systemHasLdap(api)).resolves.toEqual({ systemHasLdap: false });
    await expect(forgotPassword(api, { email: 'nobody@example.com' })).resolves.toEqual({
      ok: true,
    });
  });

  it('refuses an LDAP flag that is not a boolean (checked without zod, issue #19) and drops unknown keys', async () => {
    quiet();
    server.use(http.get('http://api.test/api/auth/systemHasLdap', () => HttpResponse.json({ systemHasLdap: 'yes' })));
    await expect(systemHasLdap(api)).rejects.toMatchObject({ status: 200, code: 'invalidResponse' });
    server.use(http.get('http://api.test/api/auth/systemHasLdap', () => HttpResponse.json({ systemHasLdap: true, extra: 1 })));
    await expect(systemHasLdap(api)).resolves.toStrictEqual({ systemHasLdap: true });
  });

  it('lets a reset token be used once', async () => {
    await expect(checkResetToken(api, validResetToken)).resolves.toEqual({ isValid: true });
    await expect(
      resetPassword(api, { token: validResetToken, password: 'NewPass123' }),
    ).resolves.toEqual({ ok: true });
    await expect(checkResetToken(api, validResetToken)).resolves.toEqual({ isValid: false });
    quiet();
    await expect(
      resetPassword(api, { token: validResetToken, password: 'NewPass123' }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'invalidResetToken',
    });
  });

  it('rejects a weak new password with the SPEC §5 flags', async () => {
    quiet();
    const error = await resetPassword(api, { token: validResetToken, password: 'weak' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, code: 'validationError' });
    expect(JSON.stringify((error as { details: unknown }).details)).toMatch(/uppercase.*digit/);
  });

  it('checks and changes the current password', async () => {
    await expect(checkCurrentPassword(api, { password: 'Demo1234' })).resolves.toEqual({
      isCorrect: true,
    });
    await expect(checkCurrentPassword(api, { password: 'x' })).resolves.toEqual({
      isCorrect: false,
    });
    await expect(
      changePassword(api, { oldpassword: 'Demo1234', newPassword: 'Another123' }),
    ).resolves.toEqual({ ok: true });
    quiet();
    await expect(
      changePassword(api, { oldpassword: 'wrong', newPassword: 'Another123' }),
    ).rejects.toMatchObject({ code: 'wrongPassword' });
  });
});

describe('global and dashboard endpoints against the mocks', () => {
  it('reads the menus, users, permissions, profile and statistics', async () => {
    expect(await getMenus(api)).toEqual(menusFixture);
    expect((await getUsersNameAndId(api)).map((u) => u.name)).toContain('Aysel Məmmədova');
    expect(
      await checkMenuPermission(api, {
        actionName: 'helpdeskRequests',
        detailId: 3,
        checkDetailPermission: true,
      }),
    ).toEqual({
      hasPermission: true,
    });
    expect((await getMenuPermissions(api, 'helpdeskRequests')).map((p) => p.key)).toEqual([
      'create',
      'edit',
      'delete',
    ]);
    expect((await getCurrentUser(api)).email).toBe('admin@servicedesk.az');
    expect(await getStatistics(api)).toEqual(statisticsFixture);
  });

  it('filters the login history by success', async () => {
    expect(await getLoginHistoryList(api)).toHaveLength(3);
    expect((await getLoginHistoryList(api, { isSuccess: false })).map((i) => i.reason)).toEqual([
      'wrongPassword',
    ]);
    expect((await getLoginHistoryList(api, { isSuccess: true })).every((i) => i.isSuccess)).toBe(
      true,
    );
  });

  it('stores the phone number as 994 + 9 digits and reflects it in the profile', async () => {
    const number = toPhoneNumber('(55) 1234567');
    expect(number).toBe('994551234567');
    await updateUserNumber(api, { number: number ?? '' });
    expect((await getCurrentUser(api)).phone).toBe('994551234567');
    expect((await getUserLists(api)).hasWpNumber).toBe(true);
    quiet();
    await expect(updateUserNumber(api, { number: '99455' })).rejects.toMatchObject({
      status: 400,
      code: 'validationError',
    });
  });

  it('refuses a masked phone number without exactly 9 digits', () => {
    expect(toPhoneNumber('(55) 123456')).toBeNull();
    expect(toPhoneNumber('(55) 12345678')).toBeNull();
    expect(toPhoneNumber('(5a) 1234567')).toBeNull();
  });

  it('saves a table order and reads it back; an unsaved table has no columns', async () => {
    expect(await getTableOrder(api, 'helpdeskRequests')).toEqual({ columns: [] });
    const settings = {
      columns: [
        { key: 'title', width: 300 },
        { key: 'id', hidden: true },
      ],
    };
    expect(await updateTableOrder(api, 'helpdeskRequests', settings)).toEqual(settings);
    expect(await getTableOrder(api, 'helpdeskRequests')).toEqual(settings);
  });

  it('updates the selected language and answers specodes by key', async () => {
    await expect(updateUserSelectedLanguage(api, 'ru')).resolves.toEqual({ ok: true });
    expect((await getCurrentUser(api)).language).toBe('ru');
    expect((await getSpecodesByKey(api, 'priority')).map((s) => s.code)).toEqual([
      'low',
      'normal',
      'high',
      'critical',
    ]);
    quiet();
    await expect(getSpecodesByKey(api, 'unknown')).rejects.toMatchObject({ status: 404 });
  });
});
