import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetHeaderNotificationsResponse, Notification } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_READ_PER_USER, DEMO_UNREAD_PER_USER } from './notifications.seed';
import { notify, setNotificationPusher } from './notifications.service';

describe.each(backends)('header notifications on %s', (backend) => {
  let t: TestApp;
  let employee: string;
  let lead: string;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [employee, lead, accountant] = await Promise.all([
      t.login('employee@servicedesk.az'),
      t.login('lead@servicedesk.az'),
      t.login('accountant@servicedesk.az'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (token: string, body: { skipCount: number; isRead: boolean; search?: string }) => {
    const res = await t.as(token, { method: 'POST', url: '/api/global/Layout/GetHeaderNotifications', payload: body });
    expect(res.statusCode).toBe(200);
    return res.json<GetHeaderNotificationsResponse>();
  };
  const me = async (token: string) =>
    (await t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' })).json<{ id: number }>().id;

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/global/Layout/GetHeaderNotifications', payload: { skipCount: 0, isRead: false } });
    expect(res.statusCode).toBe(401);
  });

  it('pages the seeded unread ones 10 at a time, newest first, with the counts', async () => {
    const first = await list(employee, { skipCount: 0, isRead: false });
    // The notification seed's own, and what the modules' demo data notified the employee of.
    const unread = first.unreadCnt;
    expect(unread).toBeGreaterThanOrEqual(DEMO_UNREAD_PER_USER);
    expect(first.totalCnt).toBe(unread);
    expect(first.notifications).toHaveLength(10);
    const dates = first.notifications.map((n) => n.createDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list(employee, { skipCount: 10, isRead: false });
    expect(second.notifications).toHaveLength(Math.min(10, unread - 10));
    const ids = new Set([...first.notifications, ...second.notifications].map((n) => n.id));
    expect(ids.size).toBe(10 + second.notifications.length);
    const read = await list(employee, { skipCount: 0, isRead: true });
    expect(read.totalCnt).toBeGreaterThanOrEqual(DEMO_READ_PER_USER);
    expect(read.unreadCnt).toBe(unread);
    expect(read.notifications.every((n) => n.isRead)).toBe(true);
    const myId = await me(employee);
    expect(first.notifications.every((n) => n.userId === myId && !n.isRead && n.desc.startsWith('notifications.'))).toBe(true);
  });

  it('filters by the causing user name', async () => {
    const all = await list(lead, { skipCount: 0, isRead: false });
    const name = all.notifications[0]!.userName;
    const found = await list(lead, { skipCount: 0, isRead: false, search: name.split(' ')[0]!.toUpperCase() });
    expect(found.totalCnt).toBeGreaterThan(0);
    expect(found.totalCnt).toBeLessThan(all.totalCnt);
    expect(found.notifications.every((n) => n.userName === name)).toBe(true);
    expect(found.unreadCnt).toBe(all.unreadCnt);
    expect((await list(lead, { skipCount: 0, isRead: false, search: '%' })).totalCnt).toBe(0);
  });

  it("never shows or reads someone else's notification (404)", async () => {
    const theirs = (await list(employee, { skipCount: 0, isRead: false })).notifications[0]!;
    const get = await t.as(accountant, { method: 'GET', url: `/api/global/Layout/GetHeaderNotificationById/${theirs.id}` });
    expect(get.statusCode).toBe(404);
    const read = await t.as(accountant, { method: 'GET', url: `/api/global/Layout/ReadHeaderNotificationById/${theirs.id}` });
    expect(read.statusCode).toBe(404);
    const still = await t.as(employee, { method: 'GET', url: `/api/global/Layout/GetHeaderNotificationById/${theirs.id}` });
    expect(still.json<Notification>()).toMatchObject({ id: theirs.id, isRead: false });
    const bad = await t.as(employee, { method: 'GET', url: '/api/global/Layout/GetHeaderNotificationById/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('reads one (counts drop by one, it moves to the Read tab) and then all', async () => {
    const before = await list(lead, { skipCount: 0, isRead: false });
    const target = before.notifications[0]!;
    const res = await t.as(lead, { method: 'GET', url: `/api/global/Layout/ReadHeaderNotificationById/${target.id}` });
    expect(res.statusCode).toBe(200);
    const after = await list(lead, { skipCount: 0, isRead: false });
    expect(after.unreadCnt).toBe(before.unreadCnt - 1);
    expect(after.notifications.map((n) => n.id)).not.toContain(target.id);
    const read = await list(lead, { skipCount: 0, isRead: true });
    expect(read.notifications[0]).toMatchObject({ id: target.id, isRead: true });

    const all = await t.as(lead, { method: 'GET', url: '/api/global/Layout/ReadAllHeaderNotifications' });
    expect(all.statusCode).toBe(200);
    const none = await list(lead, { skipCount: 0, isRead: false });
    expect(none).toMatchObject({ unreadCnt: 0, totalCnt: 0, notifications: [] });
    // Other users keep theirs.
    expect((await list(employee, { skipCount: 0, isRead: false })).unreadCnt).toBeGreaterThan(0);
  });

  it('notifies on a password change and pushes the id through the registered pusher', async () => {
    const pushed: [readonly number[], number][] = [];
    setNotificationPusher(t.app.deps, async (userIds, id) => {
      pushed.push([userIds, id]);
    });
    const before = (await list(accountant, { skipCount: 0, isRead: false })).unreadCnt;
    const res = await t.as(accountant, {
      method: 'POST',
      url: '/api/auth/changePassword',
      payload: { oldpassword: 'Demo1234', newPassword: 'Demo12345' },
    });
    expect(res.statusCode).toBe(200);
    const after = await list(accountant, { skipCount: 0, isRead: false });
    expect(after.unreadCnt).toBe(before + 1);
    const top = after.notifications[0]!;
    expect(top).toMatchObject({ desc: 'notifications.passwordChanged', redirectUrl: '/user/profile', isRead: false });
    expect(pushed).toEqual([[[top.userId], top.id]]);
    const byId = await t.as(accountant, { method: 'GET', url: `/api/global/Layout/GetHeaderNotificationById/${top.id}` });
    expect(byId.json<Notification>()).toEqual(top);
  });

  it('notifies when the phone number is saved, and a failing push never fails the caller', async () => {
    setNotificationPusher(t.app.deps, async () => {
      throw new Error('hub down');
    });
    const res = await t.as(employee, { method: 'POST', url: '/api/global/updateUserNumber', payload: { number: '994501234567' } });
    expect(res.statusCode).toBe(200);
    const top = (await list(employee, { skipCount: 0, isRead: false })).notifications[0]!;
    expect(top).toMatchObject({ desc: 'notifications.phoneNumberSaved', jsonData: { number: '994501234567' } });
  });

  it('notify stores one per distinct recipient with the actor as userName', async () => {
    setNotificationPusher(t.app.deps, null);
    const [leadId, employeeId] = await Promise.all([me(lead), me(employee)]);
    const ids = await notify(t.app.deps, [leadId, leadId], 'notifications.mentioned', { title: '<img src=x onerror=alert(1)>' }, '/home/news', employeeId);
    expect(ids).toHaveLength(1);
    const got = (await t.as(lead, { method: 'GET', url: `/api/global/Layout/GetHeaderNotificationById/${ids[0]}` })).json<Notification>();
    const names = (await t.as(lead, { method: 'GET', url: '/api/global/getUsersNameAndId' })).json<{ id: number; name: string }[]>();
    expect(got).toMatchObject({
      userId: leadId,
      userName: names.find((u) => u.id === employeeId)?.name,
      desc: 'notifications.mentioned',
      jsonData: { title: '<img src=x onerror=alert(1)>' },
    });
  });
});
