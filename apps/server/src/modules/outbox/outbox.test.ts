import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPage, OutboxRow } from '@servicedesk/contracts';
import { outbox } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

describe.each(backends)('the outbox administration on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let failedId: number;
  let sentId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
    await t.app.deps.db.delete(outbox);
    const rows = await t.app.deps.db
      .insert(outbox)
      .values([
        { channel: 'mail', recipient: 'a@example.org', subject: 'queued one', body: 'secret link', payload: { kind: 'passwordReset' } },
        { channel: 'mail', recipient: 'b@example.org', subject: 'failed one', body: 'b', status: 'failed', attempts: 8, lastError: '550 5.1.1 mailbox unavailable' },
        { channel: 'whatsapp', recipient: '994501234567', subject: 'sent one', body: 'c', status: 'sent', attempts: 1, sentAt: new Date(), messageId: 'wamid.X' },
      ])
      .returning({ id: outbox.id });
    failedId = rows[1]!.id;
    sentId = rows[2]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (token: string, query = '') => t.as(token, { method: 'GET', url: `/api/admin/outbox${query}` });

  it('lists the outbox newest first with counts, without bodies, and says mail is not configured', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const page = res.json<OutboxPage>();
    expect(page.mailConfigured).toBe(false);
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({ queued: 1, sending: 0, sent: 1, failed: 1 });
    expect(page.rows.map((r) => r.subject)).toEqual(['sent one', 'failed one', 'queued one']);
    expect(page.rows[2]).toMatchObject({ status: 'queued', kind: 'passwordReset', attempts: 0, sentAt: null });
    expect(res.body).not.toContain('secret link');
  });

  it('filters by status', async () => {
    const page = (await list(admin, '?status=failed')).json<OutboxPage>();
    expect(page.total).toBe(1);
    expect(page.rows).toMatchObject([{ id: failedId, lastError: '550 5.1.1 mailbox unavailable', attempts: 8 }]);
    expect((await list(admin, '?status=bogus')).statusCode).toBe(400);
  });

  it('retries a failed row with who retried kept, and refuses a row that is not failed', async () => {
    const res = await t.as(admin, { method: 'POST', url: `/api/admin/outbox/${failedId}/retry` });
    expect(res.statusCode).toBe(200);
    const row = res.json<OutboxRow>();
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: '550 5.1.1 mailbox unavailable' });
    expect(row.retries).toHaveLength(1);
    expect(row.retries[0]).toMatchObject({ lastError: '550 5.1.1 mailbox unavailable', attempts: 8 });
    expect(row.retries[0]!.userName).not.toBe('');
    expect(new Date(row.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const again = await t.as(admin, { method: 'POST', url: `/api/admin/outbox/${failedId}/retry` });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'outboxNotFailed' });
    expect((await t.as(admin, { method: 'POST', url: `/api/admin/outbox/${sentId}/retry` })).statusCode).toBe(422);
    expect((await t.as(admin, { method: 'POST', url: '/api/admin/outbox/999999/retry' })).statusCode).toBe(404);
  });

  it('refuses both calls to a user without the outbox permissions', async () => {
    expect((await list(employee)).statusCode).toBe(403);
    expect((await t.as(employee, { method: 'POST', url: `/api/admin/outbox/${failedId}/retry` })).statusCode).toBe(403);
  });
});
