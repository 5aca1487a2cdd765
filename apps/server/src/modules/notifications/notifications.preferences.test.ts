import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BUILT_IN_NOTIFICATION_PREFERENCES, type MyNotificationPreferences, type NotificationPreferences, type UserTypeNotificationDefaults } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { notificationDigestItems, outbox, users } from '../../db/schema';
import { loadMailConfig } from '../../lib/outbox/config';
import { loadNotificationDeliveryConfig } from '../../lib/whatsapp/config';
import { createWhatsAppTransport } from '../../lib/whatsapp/client';
import { TransportRegistry } from '../../lib/outbox/transport';
import { createOutboxSender } from '../../lib/outbox/sender';
import { notify } from './notifications.service';
import { fanOut, quietHoursEnd } from './notifications.fanout';
import { digestCutoff, sendDailyDigests } from './notifications.digest';

const PUBLIC_URL = 'https://sd.example.org';

/** The built-in defaults with some kinds changed. */
const withEvents = (events: Partial<NotificationPreferences['events']>, quietHours: NotificationPreferences['quietHours'] = null): NotificationPreferences => ({
  events: { ...structuredClone(BUILT_IN_NOTIFICATION_PREFERENCES.events), ...events },
  quietHours,
});

describe('quiet hours and the digest instant (Asia/Baku, UTC+4)', () => {
  const zone = 'Asia/Baku';
  it('defers a notice inside 22:00–08:00 to 08:00 and leaves one outside alone', () => {
    const quiet = { from: '22:00', to: '08:00' };
    // 23:30 in Baku = 19:30 UTC → 08:00 Baku next day = 04:00 UTC.
    expect(quietHoursEnd(new Date('2026-12-02T19:30:00Z'), quiet, zone)?.toISOString()).toBe('2026-12-03T04:00:00.000Z');
    // 03:15 in Baku (after midnight) → 08:00 the same day.
    expect(quietHoursEnd(new Date('2026-12-02T23:15:00Z'), quiet, zone)?.toISOString()).toBe('2026-12-03T04:00:00.000Z');
    // 08:00 sharp is outside [from, to); 12:00 too; no quiet hours at all.
    expect(quietHoursEnd(new Date('2026-12-03T04:00:00Z'), quiet, zone)).toBeNull();
    expect(quietHoursEnd(new Date('2026-12-03T08:00:00Z'), quiet, zone)).toBeNull();
    expect(quietHoursEnd(new Date('2026-12-02T19:30:00Z'), null, zone)).toBeNull();
    // A daytime window 13:00–14:00: 13:20 → 14:00.
    expect(quietHoursEnd(new Date('2026-12-02T09:20:00Z'), { from: '13:00', to: '14:00' }, zone)?.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });

  it("takes the digest instant of today at the hour, or yesterday's before it", () => {
    // 18:00 Baku = 14:00 UTC.
    expect(digestCutoff(new Date('2026-12-02T15:00:00Z'), zone, 18).toISOString()).toBe('2026-12-02T14:00:00.000Z');
    expect(digestCutoff(new Date('2026-12-02T13:59:00Z'), zone, 18).toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });
});

describe.each(backends)('notification preferences on %s', (backend) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  let employeeId: number;
  let leadId: number;
  let employeeTypeId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      mail: loadMailConfig({ PUBLIC_URL, ORG_NAME: 'Acme' }),
      notificationDelivery: loadNotificationDeliveryConfig({ WHATSAPP_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: 'app-secret' }),
    });
    [employee, admin] = await Promise.all([t.login('employee@servicedesk.az'), t.login('admin@servicedesk.az')]);
    const rows = await t.app.deps.db
      .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
      .from(users)
      .where(inArray(users.email, ['employee@servicedesk.az', 'lead@servicedesk.az']));
    employeeId = rows.find((r) => r.email === 'employee@servicedesk.az')!.id;
    leadId = rows.find((r) => r.email === 'lead@servicedesk.az')!.id;
    employeeTypeId = rows.find((r) => r.email === 'employee@servicedesk.az')!.userTypeId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const mine = async (token: string) => {
    const res = await t.as(token, { method: 'GET', url: '/api/notifications/preferences' });
    expect(res.statusCode).toBe(200);
    return res.json<MyNotificationPreferences>();
  };
  const rowsOf = (notificationId: number) =>
    t.app.deps.db.select().from(outbox).where(sql`${outbox.payload}->>'notificationId' = ${String(notificationId)}`);

  it('answers the built-in defaults first, saves a whole choice, refuses a partial one and resets', async () => {
    const first = await mine(employee);
    expect(first).toMatchObject({ isCustom: false, timeZone: 'Asia/Baku', preferences: BUILT_IN_NOTIFICATION_PREFERENCES, defaults: BUILT_IN_NOTIFICATION_PREFERENCES });
    const choice = withEvents({ commented: { mail: 'never', whatsapp: true } }, { from: '21:30', to: '07:00' });
    const saved = await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: choice });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MyNotificationPreferences>()).toMatchObject({ isCustom: true, preferences: choice });
    const { commented: _dropped, ...partial } = choice.events;
    expect((await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: { ...choice, events: partial } })).statusCode).toBe(400);
    expect((await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: { ...choice, quietHours: { from: '25:00', to: '07:00' } } })).statusCode).toBe(400);
    expect((await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: { ...choice, quietHours: { from: '07:00', to: '07:00' } } })).statusCode).toBe(400);
    const reset = await t.as(employee, { method: 'DELETE', url: '/api/notifications/preferences' });
    expect(reset.json<MyNotificationPreferences>()).toMatchObject({ isCustom: false, preferences: BUILT_IN_NOTIFICATION_PREFERENCES });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(401);
  });

  it("lets only an admin set a user type's defaults, which its users without a choice follow", async () => {
    const defaults = withEvents({ mentioned: { mail: 'immediate', whatsapp: true } }, { from: '20:00', to: '09:00' });
    const url = `/api/notifications/defaults/${employeeTypeId}`;
    expect((await t.as(employee, { method: 'PUT', url, payload: defaults })).statusCode).toBe(403);
    expect((await t.as(employee, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url })).json<UserTypeNotificationDefaults>()).toMatchObject({ isSet: false, preferences: BUILT_IN_NOTIFICATION_PREFERENCES });
    const set = await t.as(admin, { method: 'PUT', url, payload: defaults });
    expect(set.statusCode).toBe(200);
    expect(set.json<UserTypeNotificationDefaults>()).toEqual({ userTypeId: employeeTypeId, isSet: true, preferences: defaults });
    expect((await t.as(admin, { method: 'PUT', url: '/api/notifications/defaults/999999', payload: defaults })).statusCode).toBe(404);
    expect(await mine(employee)).toMatchObject({ isCustom: false, preferences: defaults, defaults });
    // Back to the built-in defaults for the next tests.
    await t.as(admin, { method: 'PUT', url, payload: BUILT_IN_NOTIFICATION_PREFERENCES });
  });

  it('writes outbox rows per event kind and channel: mail at once in the recipient language with the link, digest, never, WhatsApp', async () => {
    await t.app.deps.db.update(users).set({ language: 'ru', phone: '994501112233' }).where(eq(users.id, employeeId));
    const choice = withEvents({
      assigned: { mail: 'immediate', whatsapp: true },
      commented: { mail: 'digest', whatsapp: false },
      mentioned: { mail: 'never', whatsapp: false },
      mandatoryNews: { mail: 'never', whatsapp: true },
    });
    expect((await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: choice })).statusCode).toBe(200);

    const [assigned] = await notify(t.app.deps, [employeeId], 'notifications.helpdesk.assign', { number: 'HD-2026-000042', title: 'Printer <jam>' }, '/home/helpdesk/requests/42', leadId);
    const assignedRows = await rowsOf(assigned!);
    const mail = assignedRows.find((r) => r.channel === 'mail')!;
    expect(mail).toMatchObject({ recipient: 'employee@servicedesk.az', status: 'queued' });
    expect(mail.subject.startsWith('Acme: ')).toBe(true);
    expect(mail.subject).toContain('HD-2026-000042');
    expect(mail.body).toContain(`${PUBLIC_URL}/home/helpdesk/requests/42`);
    expect(mail.body).toContain('Открыть');
    expect(mail.body).toContain('Printer <jam>');
    const payload = mail.payload as { lang: string; html: string; event: string };
    expect(payload).toMatchObject({ lang: 'ru', event: 'assigned' });
    expect(payload.html).toContain('<b>HD-2026-000042</b>');
    expect(payload.html).toContain('Printer &#60;jam&#62;');
    expect(payload.html).toContain(`href="${PUBLIC_URL}/home/helpdesk/requests/42"`);
    const whatsapp = assignedRows.find((r) => r.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ recipient: '994501112233', status: 'queued' });
    expect(whatsapp.body).toContain(`${PUBLIC_URL}/home/helpdesk/requests/42`);
    expect(assignedRows).toHaveLength(2);

    const [commented] = await notify(t.app.deps, [employeeId], 'notifications.helpdesk.commented', { number: 'HD-2026-000042', title: 'Printer' }, '/home/helpdesk/requests/42', leadId);
    expect(await rowsOf(commented!)).toHaveLength(0);
    expect(await t.app.deps.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.notificationId, commented!))).toHaveLength(1);

    const [mentioned] = await notify(t.app.deps, [employeeId], 'notifications.news.mentioned', { name: 'Günel', title: 'Post' }, '/home/news/1', leadId);
    expect(await rowsOf(mentioned!)).toHaveLength(0);
    const [news] = await notify(t.app.deps, [employeeId], 'notifications.news.mandatory', { title: 'Post' }, '/home/news/1', leadId);
    expect((await rowsOf(news!)).map((r) => r.channel)).toEqual(['whatsapp']);
    // Outside the preferences: the app only.
    const [password] = await notify(t.app.deps, [employeeId], 'notifications.passwordChanged', null, '/user/profile');
    expect(await rowsOf(password!)).toHaveLength(0);
  });

  it("tells a leave decision from another decision by the record, and skips WhatsApp without a 994 number or for an inactive user", async () => {
    const choice = withEvents({ decided: { mail: 'never', whatsapp: false }, leaveDecided: { mail: 'immediate', whatsapp: true } });
    await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: choice });
    const [leave] = await notify(t.app.deps, [employeeId], 'notifications.approvals.approved', { number: 'LV-1', title: 'Leave' }, '/home/schedules/leave/5', leadId);
    expect((await rowsOf(leave!)).map((r) => r.channel).sort()).toEqual(['mail', 'whatsapp']);
    const [other] = await notify(t.app.deps, [employeeId], 'notifications.approvals.approved', { number: 'EQ-1', title: 'Laptop' }, '/home/equipment/requests/5', leadId);
    expect(await rowsOf(other!)).toHaveLength(0);
    await t.app.deps.db.update(users).set({ phone: '905321234567' }).where(eq(users.id, employeeId));
    const [noNumber] = await notify(t.app.deps, [employeeId], 'notifications.approvals.rejected', { number: 'LV-2', title: 'Leave' }, '/home/schedules/leave/6', leadId);
    expect((await rowsOf(noNumber!)).map((r) => r.channel)).toEqual(['mail']);
    await t.app.deps.db.update(users).set({ phone: '994501112233', isActive: false }).where(eq(users.id, employeeId));
    const [inactive] = await notify(t.app.deps, [employeeId], 'notifications.approvals.rejected', { number: 'LV-3', title: 'Leave' }, '/home/schedules/leave/7', leadId);
    expect(await rowsOf(inactive!)).toHaveLength(0);
    await t.app.deps.db.update(users).set({ isActive: true }).where(eq(users.id, employeeId));
  });

  it('holds a WhatsApp notice made in the quiet hours until they end (next_attempt_at)', async () => {
    const choice = withEvents({ returned: { mail: 'never', whatsapp: true } }, { from: '22:00', to: '08:00' });
    await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: choice });
    const [id] = await notify(t.app.deps, [employeeId], 'notifications.approvals.returned', { number: 'EQ-9', title: 'Desk' }, '/home/equipment/requests/9', leadId);
    await t.app.deps.db.delete(outbox).where(sql`${outbox.payload}->>'notificationId' = ${String(id)}`);
    const night = new Date('2026-12-02T19:30:00Z'); // 23:30 in Baku
    const result = await fanOut(t.app.deps.db, t.app.deps.config, [{ id: id!, userId: employeeId }], 'notifications.approvals.returned', { number: 'EQ-9', title: 'Desk' }, '/home/equipment/requests/9', night);
    expect(result).toEqual({ mails: 0, whatsapps: 1, digestItems: 0 });
    const [held] = await rowsOf(id!);
    expect(held!.nextAttemptAt.toISOString()).toBe('2026-12-03T04:00:00.000Z');
    await t.app.deps.db.delete(outbox).where(sql`${outbox.payload}->>'notificationId' = ${String(id)}`);
    const noon = new Date('2026-12-03T08:00:00Z'); // 12:00 in Baku
    await fanOut(t.app.deps.db, t.app.deps.config, [{ id: id!, userId: employeeId }], 'notifications.approvals.returned', { number: 'EQ-9', title: 'Desk' }, '/home/equipment/requests/9', noon);
    expect((await rowsOf(id!))[0]!.nextAttemptAt.toISOString()).toBe(noon.toISOString());
  });

  it("sends one daily digest per user with the day's digest notifications in their language, once", async () => {
    await t.app.deps.db.update(users).set({ language: 'tr' }).where(eq(users.id, employeeId));
    await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: withEvents({ commented: { mail: 'digest', whatsapp: false }, mentioned: { mail: 'digest', whatsapp: false } }) });
    // Everything earlier is digested first, so this test sees only its own.
    await sendDailyDigests(t.app.deps.db, t.app.deps.config, new Date(Date.now() + 2 * 86_400_000));
    const a = await notify(t.app.deps, [employeeId], 'notifications.helpdesk.commented', { number: 'HD-2026-000101', title: 'Monitor' }, '/home/helpdesk/requests/101', leadId);
    const b = await notify(t.app.deps, [employeeId], 'notifications.equipment.mentioned', { number: 'EQ-2026-000007' }, '/home/equipment/requests/7', leadId);
    const ids = [...a, ...b];
    const later = new Date(Date.now() + 3 * 86_400_000);
    expect(await sendDailyDigests(t.app.deps.db, t.app.deps.config, later)).toBe(1);
    const digests = await t.app.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'employee@servicedesk.az'), sql`${outbox.payload}->>'kind' = 'digest'`, sql`${outbox.createdAt} = ${later.toISOString()}::timestamptz`));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toMatch(/^Acme: .* günlük özeti$/);
    expect(digest.body).toContain('bildirimleriniz (2)');
    expect(digest.body).toContain('HD-2026-000101');
    expect(digest.body).toContain('EQ-2026-000007');
    expect(digest.body).toContain(`${PUBLIC_URL}/home/helpdesk/requests/101`);
    expect(digest.body).toContain(`${PUBLIC_URL}/home/equipment/requests/7`);
    expect(digest.body.indexOf('HD-2026-000101')).toBeLessThan(digest.body.indexOf('EQ-2026-000007'));
    expect(digest.payload).toMatchObject({ lang: 'tr', notificationIds: ids });
    expect((digest.payload as { html: string }).html).toContain('<b>HD-2026-000101</b>');
    // Claimed: a second run (another instance, the next tick) sends nothing.
    expect(await sendDailyDigests(t.app.deps.db, t.app.deps.config, new Date(later.getTime() + 60_000))).toBe(0);
    await t.app.deps.db.update(users).set({ language: 'az' }).where(eq(users.id, employeeId));
  });

  describe('the WhatsApp status webhook', () => {
    const sign = (raw: string, secret = 'app-secret') => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const statusBody = (wamid: string, status: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: wamid, status, timestamp: '1764662400', recipient_id: '994501112233', ...extra }] } }] }],
      });
    const post = (raw: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        payload: raw,
      });
    const rowOf = async (id: number) => (await t.app.deps.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

    it('delivers a WhatsApp notice made at night through the outbox sender to the Cloud API stand-in once the quiet hours end, keeps the wamid, and a signed read marks it', async () => {
      const seen: { url: string; authorization: string | undefined; body: { to: string; template: { language: { code: string }; components: { parameters: { text: string }[] }[] } } }[] = [];
      // The stand-in of POST /{phone-number-id}/messages (port 8294, this engineer's range); nothing leaves the machine.
      const standIn = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: '994501112233', wa_id: '994501112233' }], messages: [{ id: 'wamid.E2E' }] }));
        });
      });
      await new Promise<void>((resolve) => standIn.listen(8294, '127.0.0.1', resolve));
      try {
        await t.app.deps.db.update(users).set({ phone: '994501112233', language: 'ru' }).where(eq(users.id, employeeId));
        await t.as(employee, { method: 'PUT', url: '/api/notifications/preferences', payload: withEvents({ returned: { mail: 'never', whatsapp: true } }, { from: '22:00', to: '08:00' }) });
        await t.app.deps.db.delete(outbox).where(eq(outbox.channel, 'whatsapp'));
        const [id] = await notify(t.app.deps, [employeeId], 'notifications.passwordChanged', null, '/user/profile');
        const night = new Date('2026-12-02T19:30:00Z'); // 23:30 in Baku
        await fanOut(t.app.deps.db, t.app.deps.config, [{ id: id!, userId: employeeId }], 'notifications.approvals.returned', { number: 'EQ-2026-000011', title: 'Desk' }, '/home/equipment/requests/11', night);
        const transports = new TransportRegistry();
        transports.register(
          'whatsapp',
          createWhatsAppTransport(
            loadNotificationDeliveryConfig({ WHATSAPP_API_BASE: 'http://127.0.0.1:8294/v21.0', WHATSAPP_PHONE_NUMBER_ID: '555', WHATSAPP_ACCESS_TOKEN: 'token-e2e' }).whatsapp,
          ),
        );
        let clock = new Date(night.getTime() + 60_000);
        const sender = createOutboxSender({ db: t.app.deps.db, transports, maxAttempts: 3, retryBaseSeconds: 60, leaseSeconds: 300, batchSize: 20, clock: () => clock });
        expect(await sender.runOnce()).toMatchObject({ sent: 0 });
        expect(seen).toHaveLength(0);
        clock = new Date('2026-12-03T04:00:30Z'); // 08:00:30 in Baku
        expect(await sender.runOnce()).toMatchObject({ sent: 1, failed: 0 });
        expect(seen).toHaveLength(1);
        expect(seen[0]).toMatchObject({ url: '/v21.0/555/messages', authorization: 'Bearer token-e2e', body: { to: '994501112233', template: { language: { code: 'ru' } } } });
        expect(seen[0]!.body.template.components[0]!.parameters[0]!.text).toContain(`EQ-2026-000011`);
        expect(seen[0]!.body.template.components[0]!.parameters[0]!.text).toContain(`${PUBLIC_URL}/home/equipment/requests/11`);
        const [row] = await t.app.deps.db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
        expect(row).toMatchObject({ status: 'sent', messageId: 'wamid.E2E', attempts: 1 });
        const read = statusBody('wamid.E2E', 'read');
        expect((await post(read, sign(read))).statusCode).toBe(200);
        expect((await rowOf(row!.id)).payload).toMatchObject({ lang: 'ru', delivery: { status: 'read' } });
      } finally {
        await new Promise<void>((resolve) => standIn.close(() => resolve()));
        await t.app.deps.db.update(users).set({ language: 'az' }).where(eq(users.id, employeeId));
      }
    });

    it("answers Meta's verification challenge only with the verify token", async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('1158201444');
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      const wrong = await t.app.inject({ method: 'GET', url: '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
      expect(wrong.statusCode).toBe(403);
    });

    it('moves a sent row to delivered and read by signed callbacks, never back, and marks failed; a forged or missing signature is refused 401', async () => {
      const [row] = await t.app.deps.db
        .insert(outbox)
        .values({ channel: 'whatsapp', recipient: '994501112233', subject: 's', body: 'b', payload: { lang: 'az' }, status: 'sent', messageId: 'wamid.HOOK1', sentAt: new Date() })
        .returning({ id: outbox.id });
      const delivered = statusBody('wamid.HOOK1', 'delivered');
      const forged = await post(delivered, sign(delivered, 'not-the-secret'));
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'invalidSignature' });
      expect((await post(delivered)).statusCode).toBe(401);
      // The signature covers the exact bytes: the same JSON re-spaced is refused too.
      expect((await post(JSON.stringify(JSON.parse(delivered), null, 1), sign(delivered))).statusCode).toBe(401);
      expect((await rowOf(row!.id)).payload).toEqual({ lang: 'az' });

      expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
      expect((await rowOf(row!.id)).payload).toMatchObject({ delivery: { status: 'delivered', at: new Date(1764662400 * 1000).toISOString() } });
      const read = statusBody('wamid.HOOK1', 'read');
      expect((await post(read, sign(read))).statusCode).toBe(200);
      expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
      expect((await rowOf(row!.id)).payload).toMatchObject({ lang: 'az', delivery: { status: 'read' } });

      const failed = statusBody('wamid.HOOK1', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
      expect((await post(failed, sign(failed))).statusCode).toBe(200);
      const after = await rowOf(row!.id);
      expect(after).toMatchObject({ status: 'failed', lastError: 'WhatsApp: 131026 Message undeliverable', payload: { delivery: { status: 'failed' } } });
      // An unknown wamid or an incoming message changes nothing and is still acknowledged.
      const unknown = statusBody('wamid.NOPE', 'read');
      expect((await post(unknown, sign(unknown))).statusCode).toBe(200);
    });
  });
});
