import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, GetUserListsResponse, LoginHistoryItem, MenuItem, PagePermission, Specode, UserNameAndId } from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

const captions = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [i.caption, ...(i.subMenus ?? []).map((s) => s.caption)]);

describe.each(backends)('global calls on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee, accountant] = await Promise.all([
      t.login('admin@servicedesk.az'),
      t.login('employee@servicedesk.az'),
      t.login('accountant@servicedesk.az'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const menusOf = async (token: string) =>
    (await t.as(token, { method: 'GET', url: '/api/global/Layout/GetMenus' })).json<MenuItem[]>();

  describe('menus', () => {
    it('gives the admin the whole tree of the brief, in order, parents with url ""', async () => {
      const menus = await menusOf(admin);
      expect(menus.map((m) => m.caption)).toEqual([
        'menu.dashboard', 'menu.myApprovals', 'menu.helpdesk', 'menu.inventory', 'menu.contracts', 'menu.documents', 'menu.finance',
        'menu.news', 'menu.schedules', 'menu.administration', 'menu.loginHistory', 'menu.profile',
      ]);
      const finance = menus.find((m) => m.caption === 'menu.finance');
      expect(finance).toMatchObject({ icon: 'wallet', url: '' });
      expect(finance?.subMenus).toEqual([
        { caption: 'menu.vendorInvoices', url: '/home/finance/vendor-invoices' },
        { caption: 'menu.eInvoices', url: '/home/finance/e-invoices' },
        { caption: 'menu.accountingPool', url: '/home/finance/accounting-pool' },
        { caption: 'menu.debtReports', url: '/home/finance/debt-reports' },
      ]);
      expect(menus.find((m) => m.caption === 'menu.loginHistory')).toEqual({ caption: 'menu.loginHistory', icon: 'history', url: '/user/login-history' });
      expect(menus.find((m) => m.caption === 'menu.administration')?.subMenus).toEqual([
        { caption: 'menu.users', url: '/home/admin/users' },
        { caption: 'menu.userTypes', url: '/home/admin/user-types' },
        { caption: 'menu.org', url: '/home/admin/org' },
        { caption: 'menu.referenceLists', url: '/home/admin/reference-lists' },
        { caption: 'menu.translations', url: '/home/admin/translations' },
        { caption: 'menu.permissions', url: '/home/admin/permissions' },
        { caption: 'menu.directory', url: '/home/admin/directory' },
        { caption: 'menu.outbox', url: '/home/admin/outbox' },
      ]);
      expect(captions(menus)).toHaveLength(35);
    });

    it('gives an employee only the everyday items and an accountant the finance ones', async () => {
      const mine = captions(await menusOf(employee));
      expect(mine).toEqual([
        'menu.dashboard', 'menu.myApprovals', 'menu.helpdesk', 'menu.helpdeskRequests', 'menu.inventory', 'menu.myEquipment', 'menu.inventoryRequests',
        'menu.news', 'menu.schedules', 'menu.loginHistory', 'menu.profile',
      ]);
      const theirs = captions(await menusOf(accountant));
      expect(theirs).toContain('menu.accountingPool');
      expect(theirs).not.toContain('menu.administration');
      expect(mine).not.toContain('menu.finance');
    });

    it.each([
      ['lead', 'menu.documentCirculation', 'menu.contracts'],
      ['executor', 'menu.helpdeskCategories', 'menu.contracts'],
      ['director', 'menu.debtReports', 'menu.administration'],
      ['visapool', 'menu.contracts', 'menu.finance'],
      ['lawyer', 'menu.contracts', 'menu.inventoryProcessing'],
      ['clerk', 'menu.documentRegistry', 'menu.administration'],
      ['warehouse', 'menu.inventoryProcessing', 'menu.contracts'],
    ])('shows %s their own items (%s) and not others (%s), between dashboard and profile', async (name, shown, hidden) => {
      const menus = await menusOf(await t.login(`${name}@servicedesk.az`));
      expect(captions(menus)).toContain(shown);
      expect(captions(menus)).not.toContain(hidden);
      expect(menus[0]?.caption).toBe('menu.dashboard');
      expect(menus.at(-1)?.caption).toBe('menu.profile');
    });
  });

  describe('permissions', () => {
    const check = (token: string, body: Record<string, unknown>) =>
      t.as(token, { method: 'POST', url: '/api/global/checkMenuPermission', payload: body });
    const page = async (token: string, actionName: string) =>
      (await t.as(token, { method: 'POST', url: '/api/global/getMenuPermissions', payload: { actionName } })).json<PagePermission[]>();

    it('lists the element actions of a page with the caller’s flags, agreeing with checkMenuPermission', async () => {
      const employeeFlags = await page(employee, 'helpdesk.requests');
      expect(employeeFlags).toEqual([
        { key: 'helpdesk.requests.create', isChecked: true },
        { key: 'helpdesk.requests.approve', isChecked: false },
        { key: 'helpdesk.requests.repair', isChecked: false },
        { key: 'helpdesk.requests.reject', isChecked: false },
        { key: 'helpdesk.requests.cancel', isChecked: true },
        { key: 'helpdesk.requests.assign', isChecked: false },
        { key: 'helpdesk.requests.viewAll', isChecked: false },
        { key: 'helpdesk.requests.hold', isChecked: false },
        { key: 'helpdesk.requests.resolve', isChecked: false },
      ]);
      for (const flag of employeeFlags) {
        const res = await check(employee, { actionName: flag.key, parentActionName: 'helpdesk.requests' });
        expect(res.json()).toEqual({ hasPermission: flag.isChecked });
      }
      expect((await page(admin, 'helpdesk.requests')).every((p) => p.isChecked)).toBe(true);
    });

    it('answers menu checks per user type, a container allowed through one child', async () => {
      expect((await check(employee, { actionName: 'admin.users' })).json()).toEqual({ hasPermission: false });
      expect((await check(admin, { actionName: 'admin.users' })).json()).toEqual({ hasPermission: true });
      expect((await check(employee, { actionName: 'helpdesk' })).json()).toEqual({ hasPermission: true });
      expect((await check(employee, { actionName: 'finance' })).json()).toEqual({ hasPermission: false });
      expect((await check(accountant, { actionName: 'finance.accountingPool.post', parentActionName: 'finance.accountingPool', detailId: null })).json()).toEqual({ hasPermission: true });
      expect((await check(employee, { actionName: 'no.such.action' })).json()).toEqual({ hasPermission: false });
      expect(await page(admin, 'no.such.action')).toEqual([]);
    });
  });

  describe('login history', () => {
    const history = async (token: string, isSuccess: boolean | null = null) =>
      (await t.as(token, { method: 'POST', url: '/api/global/getLoginHistoryList', payload: { isSuccess } })).json<LoginHistoryItem[]>();

    it('names the user and position of each attempt; everyone’s for loginHistory.all, one’s own otherwise', async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@servicedesk.az', password: 'Wrong1234' } });
      const all = await history(admin);
      expect(all.find((h) => h.email === 'accountant@servicedesk.az' && h.isSuccess)).toMatchObject({ userName: 'Kamran Nəsirov', positionName: 'Mühasib' });
      expect(all.find((h) => h.email === 'nobody@servicedesk.az')).toMatchObject({ isSuccess: false, reason: 'unknownEmail', userName: null, positionName: null });
      const mine = await history(employee);
      expect(new Set(mine.map((h) => h.email))).toEqual(new Set(['employee@servicedesk.az']));
      expect(mine[0]).toMatchObject({ userName: 'Rəşad Əliyev', positionName: 'Mütəxəssis' });
      expect((await history(admin, false)).every((h) => !h.isSuccess)).toBe(true);
    });

    it('filters by user, result, reason, address and days; an employee gets only their own whatever they ask (issue #41)', async () => {
      const list = async (token: string, payload: Record<string, unknown>) => {
        const res = await t.as(token, { method: 'POST', url: '/api/global/getLoginHistoryList', payload });
        expect(res.statusCode).toBe(200);
        return res.json<LoginHistoryItem[]>();
      };
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'employee@servicedesk.az', password: 'Wrong1234' }, remoteAddress: '10.9.8.7' });
      const [employeeRow] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@servicedesk.az'));
      const [adminRow] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@servicedesk.az'));
      const employeeId = employeeRow!.id;
      const byUser = await list(admin, { userId: employeeId });
      expect(byUser.length).toBeGreaterThan(1);
      expect(byUser.every((h) => h.email === 'employee@servicedesk.az')).toBe(true);
      const failed = await list(admin, { userId: employeeId, isSuccess: false, reason: 'wrongPassword' });
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((h) => !h.isSuccess && h.reason === 'wrongPassword')).toBe(true);
      const fromThere = await list(admin, { ip: '10.9.8' });
      expect(fromThere.length).toBeGreaterThan(0);
      expect(fromThere.every((h) => h.ip === '10.9.8.7' && h.email === 'employee@servicedesk.az')).toBe(true);
      expect(await list(admin, { reason: 'directoryLocked' })).toEqual([]);
      // Days are the organisation's calendar days, inclusive: today has them all, yesterday none.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
      const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date(Date.now() - 86_400_000));
      expect((await list(admin, { userId: employeeId, from: today, to: today })).length).toBe(byUser.length);
      expect(await list(admin, { userId: employeeId, from: yesterday, to: yesterday })).toEqual([]);
      // The employee: own attempts only — asking for the admin's answers none, not the admin's.
      expect(await list(employee, { userId: adminRow!.id })).toEqual([]);
      const own = await list(employee, {});
      expect(own.length).toBe(byUser.length);
      expect(new Set(own.map((h) => h.email))).toEqual(new Set(['employee@servicedesk.az']));
      expect((await t.as(admin, { method: 'POST', url: '/api/global/getLoginHistoryList', payload: { from: '2026-13-01' } })).statusCode).toBe(400);
    });
  });

  describe('users', () => {
    it('lists active users by name for pickers', async () => {
      const res = await t.as(employee, { method: 'GET', url: '/api/global/getUsersNameAndId' });
      const list = res.json<UserNameAndId[]>();
      expect(list).toHaveLength(10);
      expect(list).toContainEqual({ id: expect.any(Number), name: 'Aysel Məmmədova' });
    });

    it('lists colleagues without the caller, offline for now, with the caller’s hasWpNumber', async () => {
      const forEmployee = (await t.as(employee, { method: 'GET', url: '/api/global/getUserLists' })).json<GetUserListsResponse>();
      expect(forEmployee.hasWpNumber).toBe(false);
      expect(forEmployee.users).toHaveLength(9);
      expect(forEmployee.users.some((u) => u.name === 'Rəşad Əliyev')).toBe(false);
      expect(forEmployee.users.find((u) => u.name === 'Aysel Məmmədova')).toMatchObject({
        positionName: 'Sistem administratoru',
        isActive: false,
        unreadMessageCount: 0,
        img: null,
      });
      const forAdmin = (await t.as(admin, { method: 'GET', url: '/api/global/getUserLists' })).json<GetUserListsResponse>();
      expect(forAdmin.hasWpNumber).toBe(true);
    });

    it('stores a 994 + 9-digit phone number and refuses anything else with 400', async () => {
      const lead = await t.login('lead@servicedesk.az');
      for (const number of ['99450123456', '9945012345678', '0501234567', '994-50-123-45', '']) {
        const bad = await t.as(lead, { method: 'POST', url: '/api/global/updateUserNumber', payload: { number } });
        expect(bad.statusCode, number).toBe(400);
        expect(bad.json<ApiError>().code).toBe('validationError');
      }
      const ok = await t.as(lead, { method: 'POST', url: '/api/global/updateUserNumber', payload: { number: '994701112233' } });
      expect(ok.statusCode).toBe(200);
      const me = await t.as(lead, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(me.json()).toMatchObject({ phone: '994701112233' });
      expect((await t.as(lead, { method: 'GET', url: '/api/global/getUserLists' })).json<GetUserListsResponse>().hasWpNumber).toBe(true);
    });

    it('keeps the selected language for the next sign-in and refuses an unknown one', async () => {
      const token = await t.login('director@servicedesk.az');
      const res = await t.as(token, { method: 'GET', url: '/api/global/updateUserSelectedLanguage/ru' });
      expect(res.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'director@servicedesk.az', password: 'Demo1234' } });
      expect(again.json()).toMatchObject({ user: { language: 'ru' } });
      const bad = await t.as(token, { method: 'GET', url: '/api/global/updateUserSelectedLanguage/de' });
      expect(bad.statusCode).toBe(400);
    });

    it('answers the caller’s profile', async () => {
      const res = await t.as(employee, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(res.json()).toMatchObject({
        firstName: 'Rəşad',
        lastName: 'Əliyev',
        email: 'employee@servicedesk.az',
        phone: null,
        positionName: 'Mütəxəssis',
        locationName: 'Baş ofis, Bakı',
        userTypeName: 'Employee',
      });
    });
  });

  describe('table order', () => {
    it('answers empty columns until saved, then the saved settings, per user', async () => {
      const url = '/api/global/Layout/GetTableOrder/helpdesk.requests';
      expect((await t.as(employee, { method: 'GET', url })).json()).toEqual({ columns: [] });
      const columns = [{ key: 'number', width: 120 }, { key: 'title' }, { key: 'status', hidden: true }];
      const saved = await t.as(employee, { method: 'POST', url: '/api/global/Layout/UpdateTableOrder/helpdesk.requests', payload: { columns } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ columns });
      const reordered = [columns[1], columns[0]];
      await t.as(employee, { method: 'POST', url: '/api/global/Layout/UpdateTableOrder/helpdesk.requests', payload: { columns: reordered } });
      expect((await t.as(employee, { method: 'GET', url })).json()).toEqual({ columns: reordered });
      expect((await t.as(admin, { method: 'GET', url })).json()).toEqual({ columns: [] });
    });

    it('refuses a bad table key or column width with 400', async () => {
      const badKey = await t.as(employee, { method: 'POST', url: '/api/global/Layout/UpdateTableOrder/bad%20key', payload: { columns: [] } });
      expect(badKey.statusCode).toBe(400);
      const badWidth = await t.as(employee, { method: 'POST', url: '/api/global/Layout/UpdateTableOrder/users', payload: { columns: [{ key: 'a', width: 5 }] } });
      expect(badWidth.statusCode).toBe(400);
      expect(badWidth.json()).toMatchObject({ details: { issues: [{ path: 'columns.0.width' }] } });
    });
  });

  describe('specodes', () => {
    const get = async (key: string, language?: string) =>
      (await t.as(employee, { method: 'GET', url: `/api/global/getSpecodesByKey/${key}`, headers: language ? { 'accept-language': language } : {} })).json<Specode[]>();

    it('names the values in the Accept-Language, in list order, az by default', async () => {
      expect((await get('priority')).map((s) => s.name)).toEqual(['Aşağı', 'Normal', 'Yüksək', 'Kritik']);
      expect((await get('priority', 'en')).map((s) => s.name)).toEqual(['Low', 'Normal', 'High', 'Critical']);
      expect((await get('priority', 'ru-RU,ru;q=0.9')).map((s) => s.name)).toEqual(['Низкий', 'Обычный', 'Высокий', 'Критический']);
      expect((await get('priority', 'de-DE, tr;q=0.5')).map((s) => s.name)).toEqual(['Düşük', 'Normal', 'Yüksek', 'Kritik']);
      expect((await get('priority', 'fr')).map((s) => s.code)).toEqual(['low', 'normal', 'high', 'critical']);
      expect((await get('priority', 'fr'))[2]?.name).toBe('Yüksək');
    });

    it('has the seeded lists and an empty one for an unknown key', async () => {
      expect((await get('currency')).map((s) => s.code)).toEqual(['AZN', 'USD', 'EUR', 'TRY', 'RUB']);
      for (const key of ['unitOfMeasure', 'documentType', 'paymentType']) expect((await get(key)).length).toBeGreaterThan(2);
      expect(await get('nothingHere')).toEqual([]);
    });
  });
});
