import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { HelpdeskRequestDetail, InboundMailPage } from '@servicedesk/contracts';
import { helpdeskRequests, inboundMail, outbox, recordComments, recordWatchers, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { MAIL_PASSWORD, readFolder, sendRaw, startMailServersOrSkip, waitForMail, type MailServers } from '../../../test/mail/mail-servers';
import { loadMailConfig } from '../../lib/outbox/config';
import { loadInboundMailConfig } from '../../lib/outbox/inbound-config';
import { createOutboxSender } from '../../lib/outbox/sender';
import { defaultTransports } from '../../lib/outbox/transport';
import { historyOf } from '../../lib/records/history';
import { helpdeskFixture, type HelpdeskFixture } from '../helpdesk/helpdesk.test-support';
import { createInboundReader, type InboundReader } from './inboundMail.imap';

/*
 * Inbound mail against the real mail servers of test/mail (Postfix delivering into Dovecot, read
 * over IMAP): a staff mail becomes a request, reply-all and a reply to our notification become
 * comments, a subject number finds its request, loops create and answer nothing, an unknown
 * sender is refused once, refused attachments keep the message in Failed with its reason, and an
 * approver decides by replying — a forged or reused token decides nothing. Every wait is for a
 * state (a mail in a mailbox, a row), never for a time. Skipped with the reason without the mail
 * servers, unless REQUIRE_MAIL=1.
 */

const HELPDESK = 'helpdesk@servicedesk.test';
const DOMAIN = 'servicedesk.test';

describe('inbound mail through real Postfix and Dovecot', () => {
  let servers: MailServers | string;
  let t: TestApp;
  let f: HelpdeskFixture;
  let reader: InboundReader;

  beforeAll(async () => {
    servers = await startMailServersOrSkip();
    if (typeof servers === 'string') return;
    const env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(servers.smtpPort), MAIL_FROM: `ServiceDesk <servicedesk@${DOMAIN}>`, MAIL_DOMAIN: DOMAIN, ORG_NAME: 'Demo MMC', PUBLIC_URL: 'https://sd.example.org', MAIL_REPLY_TO: HELPDESK };
    const inbound = loadInboundMailConfig({ IMAP_HOST: '127.0.0.1', IMAP_PORT: String(servers.imapPort), IMAP_USER: HELPDESK, IMAP_PASSWORD: MAIL_PASSWORD, INBOUND_COMPONENT: 'printer' })!;
    // 64 KB of attachments at most, so the oversize case needs no big message.
    t = await createTestApp('pglite', { mail: { ...loadMailConfig(env), pollSeconds: 3600 }, uploadMaxTotalBytes: 64 * 1024 });
    // Inbound mail on for the services (tokens in approval mails, loop checks), without the app's
    // own reader job: the tests run the reader themselves.
    t.app.deps.config.inboundMail = inbound;
    reader = createInboundReader({ deps: t.app.deps, config: inbound, instanceId: 'test-reader' });
    f = await helpdeskFixture(t);
  });
  afterAll(async () => {
    await t?.close();
    if (typeof servers !== 'string') await servers?.stop();
  });

  const db = () => t.app.deps.db;
  const smtp = () => (servers as MailServers).smtpPort;
  const imap = () => (servers as MailServers).imapPort;
  const deliver = () => createOutboxSender({ db: db(), transports: defaultTransports, maxAttempts: 3, retryBaseSeconds: 60, leaseSeconds: 300, batchSize: 50 }).runOnce();
  const newId = (what: string) => `<${what}-${randomBytes(4).toString('hex')}@mail.servicedesk.az>`;
  const requestCount = async () => Number((await db().select({ n: count() }).from(helpdeskRequests))[0]!.n);
  const outboxCount = async () => Number((await db().select({ n: count() }).from(outbox))[0]!.n);
  const rowOf = async (messageId: string) => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, messageId)))[0];

  /** Sends a message into the help-desk mailbox and waits until it is there. */
  async function mailIn(opts: { from: string; messageId: string; subject: string; body?: string; headers?: string[]; cc?: string[]; envelopeFrom?: string; raw?: string }) {
    const raw =
      opts.raw ??
      [
        `Message-ID: ${opts.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        `From: ${opts.from}`,
        `To: Help desk <${HELPDESK}>`,
        ...(opts.cc?.length ? [`Cc: ${opts.cc.join(', ')}`] : []),
        `Subject: ${opts.subject}`,
        ...(opts.headers ?? []),
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        opts.body ?? 'Hello',
      ].join('\n');
    const address = /<([^>]+)>/.exec(opts.from)?.[1] ?? opts.from;
    await sendRaw(smtp(), raw, { from: opts.envelopeFrom ?? address, to: [HELPDESK] });
    await waitForMail(imap(), HELPDESK, (m) => m.messageId === opts.messageId);
  }

  /** A multipart message with one attachment. */
  const withAttachment = (messageId: string, from: string, subject: string, name: string, type: string, content: Buffer) =>
    [
      `Message-ID: ${messageId}`,
      `From: ${from}`,
      `To: ${HELPDESK}`,
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'See the attachment.',
      '--b1',
      `Content-Type: ${type}`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      content.toString('base64').replace(/.{76}/g, '$&\n'),
      '--b1--',
    ].join('\n');

  it('turns a staff member’s mail into a request with its attachment, the Cc staff as watchers, and the mail in Processed', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const before = await requestCount();
    const messageId = newId('printer');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const raw = withAttachment(messageId, 'Rəşad Əliyev <employee@servicedesk.az>', 'Printer jams on the 3rd floor', 'screen.png', 'image/png', png)
      .replace(`To: ${HELPDESK}`, `To: ${HELPDESK}\nCc: clerk@servicedesk.az, stranger@elsewhere.example`);
    await mailIn({ from: 'employee@servicedesk.az', messageId, subject: '', raw });

    const run = await reader.runOnce();
    expect(run.ran).toBe(true);
    expect(run.handled).toMatchObject([{ status: 'processed', outcome: 'request', destination: 'processed' }]);
    expect(await requestCount()).toBe(before + 1);
    const row = await rowOf(messageId);
    expect(row).toMatchObject({ status: 'processed', outcome: 'request', fromAddress: 'employee@servicedesk.az', recordKind: 'helpdeskRequest', folder: 'Processed', userId: f.id.requester });
    const detail = await f.detail('requester', row!.recordId!);
    expect(detail.request).toMatchObject({ title: 'Printer jams on the 3rd floor', description: 'See the attachment.', status: 'NEW', requester: { id: f.id.requester } });
    expect(detail.attachments.map((a) => a.name)).toEqual(['screen.png']);
    // Who and what in the request's history: created by the sender, by mail.
    expect(detail.history[0]).toMatchObject({ action: 'create', actor: { id: f.id.requester }, details: { via: 'mail', from: 'employee@servicedesk.az', messageId } });
    // The Cc'd colleague watches it (and so sees it); the stranger is nobody here.
    const clerk = (await db().select({ id: users.id }).from(users).where(eq(users.email, 'clerk@servicedesk.az')))[0]!.id;
    expect((await db().select().from(recordWatchers).where(and(eq(recordWatchers.recordKind, 'helpdeskRequest'), eq(recordWatchers.recordId, row!.recordId!)))).map((w) => w.userId)).toEqual([clerk]);
    expect((await t.as(f.token.other, { method: 'GET', url: `/api/helpdesk/requests/${row!.recordId}` })).statusCode).toBe(200);
    expect((await readFolder(imap(), HELPDESK, 'INBOX')).some((m) => m.messageId === messageId)).toBe(false);
    expect((await readFolder(imap(), HELPDESK, 'Processed')).some((m) => m.messageId === messageId)).toBe(true);
  });

  it('takes a reply-all to the original mail, and a reply to our notification, as comments on that request — never a second request', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const original = newId('wifi');
    await mailIn({ from: 'Rəşad Əliyev <employee@servicedesk.az>', messageId: original, subject: 'Wi-Fi is down in room 214', cc: ['Ləman Rzayeva <clerk@servicedesk.az>'], body: 'Since the morning.' });
    await reader.runOnce();
    const requestId = (await rowOf(original))!.recordId!;
    const before = await requestCount();

    // The clerk, copied on it, answers all on the original mail (In-Reply-To: its Message-ID).
    const replyAll = newId('reply-all');
    await mailIn({
      from: 'Ləman Rzayeva <clerk@servicedesk.az>',
      messageId: replyAll,
      subject: 'Re: Wi-Fi is down in room 214',
      headers: [`In-Reply-To: ${original}`, `References: ${original}`],
      body: 'Same in room 215.\n\nOn Tue, 1 Dec 2026 at 09:00, Rəşad Əliyev <employee@servicedesk.az> wrote:\n> Since the morning.',
    });
    expect((await reader.runOnce()).handled).toMatchObject([{ outcome: 'comment' }]);

    // The group lead got our "new request" mail; their reply to it is a comment too.
    await deliver();
    const [notice] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'lead@servicedesk.az'), eq(outbox.status, 'sent'), sql`${outbox.payload} ->> 'kind' = 'notification'`))
      .orderBy(desc(outbox.id))
      .limit(1);
    const received = await waitForMail(imap(), 'lead@servicedesk.az', (m) => m.messageId === notice!.messageId);
    expect(received.source).toMatch(new RegExp(`^Reply-To: ${HELPDESK}`, 'mi'));
    const answer = newId('lead-answer');
    await mailIn({
      from: 'Günel Hüseynova <lead@servicedesk.az>',
      messageId: answer,
      subject: `Re: ${received.subject}`,
      headers: [`In-Reply-To: ${received.messageId}`, `References: ${received.messageId}`],
      body: 'Elvin is on his way.\n\n________________________________\nFrom: ServiceDesk <servicedesk@servicedesk.test>\nSent: Tuesday\nTo: lead@servicedesk.az\n\nA new request',
    });
    expect((await reader.runOnce()).handled).toMatchObject([{ outcome: 'comment' }]);

    expect(await requestCount()).toBe(before);
    const comments = await db().select().from(recordComments).where(and(eq(recordComments.recordKind, 'helpdeskRequest'), eq(recordComments.recordId, requestId))).orderBy(recordComments.id);
    expect(comments.map((c) => [c.authorId, c.text])).toEqual([
      [(await db().select().from(users).where(eq(users.email, 'clerk@servicedesk.az')))[0]!.id, 'Same in room 215.'],
      [f.id.lead, 'Elvin is on his way.'],
    ]);
  });

  it('finds the request by the number in the subject when the reply names no mail of ours', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const created = await f.create('requester', { title: 'Monitor flickers', description: 'Left one.' });
    const before = await requestCount();
    const messageId = newId('by-number');
    await mailIn({ from: 'employee@servicedesk.az', messageId, subject: `About ${created.request.number.toLowerCase()} again`, body: 'Now the right one too.' });
    expect((await reader.runOnce()).handled).toMatchObject([{ outcome: 'comment' }]);
    expect(await requestCount()).toBe(before);
    expect((await f.detail('requester', created.request.id)).comments.map((c) => c.text)).toEqual(['Now the right one too.']);
  });

  it('creates and answers nothing for an auto-reply, a bounce or our own message', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const requests = await requestCount();
    const mails = await outboxCount();
    const auto = newId('ooo');
    const bounce = newId('bounce');
    const own = newId('own');
    const bulk = newId('bulk');
    await mailIn({ from: 'employee@servicedesk.az', messageId: auto, subject: 'Automatic reply: Printer', headers: ['Auto-Submitted: auto-replied'], body: 'Out of office.' });
    await mailIn({ from: 'MAILER-DAEMON@mail.servicedesk.test', envelopeFrom: '', messageId: bounce, subject: 'Undelivered Mail Returned to Sender', body: 'Could not be delivered.' });
    await mailIn({ from: `ServiceDesk <servicedesk@${DOMAIN}>`, messageId: own, subject: 'Demo MMC: a notice', body: 'Our own.' });
    await mailIn({ from: 'employee@servicedesk.az', messageId: bulk, subject: 'Newsletter', headers: ['Precedence: bulk'], body: 'News.' });

    const run = await reader.runOnce();
    expect(run.handled.map((h) => [h.status, h.outcome])).toEqual(Array(4).fill(['ignored', 'loop']));
    expect((await rowOf(auto))?.reason).toBe('autoSubmitted');
    expect((await rowOf(bounce))?.reason).toBe('bounce');
    expect((await rowOf(own))?.reason).toBe('ownMessage');
    expect((await rowOf(bulk))?.reason).toBe('precedence');
    expect(await requestCount()).toBe(requests);
    expect(await outboxCount()).toBe(mails);
  });

  it('answers an unknown sender with one polite refusal a day, however often they write', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const requests = await requestCount();
    const stranger = `stranger-${randomBytes(3).toString('hex')}@elsewhere.example`;
    for (const n of [1, 2]) await mailIn({ from: stranger, messageId: newId(`stranger-${n}`), subject: `Hello ${n}`, headers: ['Content-Language: en'] });
    const run = await reader.runOnce();
    expect(run.handled.map((h) => [h.status, h.outcome])).toEqual([
      ['refused', 'unknownSender'],
      ['refused', 'unknownSender'],
    ]);
    expect(await requestCount()).toBe(requests);
    const refusals = await db().select().from(outbox).where(eq(outbox.recipient, stranger));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.subject).toBe('Demo MMC: your mail to the help desk was not accepted');
    await deliver();
    const refusal = await waitForMail(imap(), stranger, (m) => m.subject === refusals[0]!.subject);
    expect(refusal.source).toMatch(/^Auto-Submitted: auto-generated/m);
    expect(refusal.source).toMatch(/^In-Reply-To: <stranger-1-/m);
    expect(await readFolder(imap(), stranger, 'INBOX')).toHaveLength(1);
  });

  it('refuses an oversized and a forbidden attachment: no request, the mail kept in Failed with its reason, the sender told', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const requests = await requestCount();
    const big = newId('big');
    const exe = newId('exe');
    await mailIn({ from: 'employee@servicedesk.az', messageId: big, subject: 'Logs', raw: withAttachment(big, 'employee@servicedesk.az', 'Logs', 'logs.txt', 'text/plain', Buffer.alloc(80 * 1024, 'a')) });
    await mailIn({ from: 'employee@servicedesk.az', messageId: exe, subject: 'Tool', raw: withAttachment(exe, 'employee@servicedesk.az', 'Tool', 'setup.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')) });
    const run = await reader.runOnce();
    expect(run.handled.map((h) => [h.status, h.destination])).toEqual([
      ['failed', 'failed'],
      ['failed', 'failed'],
    ]);
    expect(await requestCount()).toBe(requests);
    expect((await rowOf(big))).toMatchObject({ status: 'failed', folder: 'Failed' });
    expect((await rowOf(big))!.reason).toMatch(/^fileTooLarge: /);
    expect((await rowOf(exe))!.reason).toMatch(/^fileTypeNotAllowed: "setup.exe"/);
    // The admin's list gives the code and the parameters of each reason's text (their language's, on the page).
    const listed = (await t.as(await t.login('admin@servicedesk.az'), { method: 'GET', url: '/api/admin/inboundMail?status=failed' })).json() as InboundMailPage;
    expect(listed.rows.find((r) => r.messageId === big)).toMatchObject({ reasonCode: 'fileTooLarge', reasonParams: { maxMb: expect.any(String), totalMb: expect.any(String) } });
    expect(listed.rows.find((r) => r.messageId === exe)).toMatchObject({ reasonCode: 'fileTypeNotAllowed', reasonParams: { fileName: 'setup.exe' } });
    const failed = await readFolder(imap(), HELPDESK, 'Failed');
    expect(failed.map((m) => m.messageId)).toEqual(expect.arrayContaining([big, exe]));
    const told = await db().select().from(outbox).where(and(eq(outbox.recipient, 'employee@servicedesk.az'), sql`${outbox.payload} ->> 'kind' = 'inboundFailed'`));
    expect(told.map((m) => m.body).join('\n')).toMatch(/setup\.exe/);
  });

  it('decides an approval by the approver’s reply; a reused or forged token decides nothing and gets an answer saying why', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const created = await f.create('requester', { componentId: f.component.laptop, title: 'Laptop for the new accountant' });
    const id = created.request.id;
    await deliver();
    const [mailRow] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'lead@servicedesk.az'), isNotNull(sql`${outbox.payload} ->> 'messageIdTag'`), eq(outbox.status, 'sent')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mailRow!.messageId).toMatch(/^<sd-outbox-\d+\.SDA-\d+-[0-9a-f]{24}@servicedesk\.test>$/);
    const approvalMail = await waitForMail(imap(), 'lead@servicedesk.az', (m) => m.messageId === mailRow!.messageId);
    // The reference line in the text too (the lead reads az): quoted back, it still names the token.
    expect(approvalMail.source).toContain(`=C4=B0stinad: ${/SDA-\d+-[0-9a-f]{24}/.exec(mailRow!.messageId!)![0]}`);

    const reply = (messageId: string, body: string, inReplyTo = approvalMail.messageId) =>
      mailIn({ from: 'Günel Hüseynova <lead@servicedesk.az>', messageId, subject: `Re: ${approvalMail.subject}`, headers: [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`], body });

    // A forged token (the right mail's id, a made-up signature) decides nothing.
    const forgedId = newId('forged');
    await reply(forgedId, 'Təsdiq edirəm', mailRow!.messageId!.replace(/-[0-9a-f]{24}@/, '-000000000000000000000000@'));
    expect((await reader.runOnce()).handled).toMatchObject([{ status: 'refused', outcome: 'notDecided' }]);
    expect((await rowOf(forgedId))!.reason).toMatch(/^forged/);
    expect((await f.detail('requester', id)).request.status).toBe('NEW');

    // The approver's reply approves: the engine decides, the help desk's request moves on.
    const approveId = newId('approve');
    await reply(approveId, 'Təsdiq edirəm, büdcə var.\n\n1 dek 2026 tarixində ServiceDesk <servicedesk@servicedesk.test> yazdı:\n> ...');
    expect((await reader.runOnce()).handled).toMatchObject([{ status: 'processed', outcome: 'decision' }]);
    const detail: HelpdeskRequestDetail = await f.detail('requester', id);
    expect(detail.request.status).toBe('APPROVED');
    expect(detail.history.map((h) => [h.action, h.actor?.id])).toContainEqual(['approve', f.id.lead]);
    expect((await historyOf(db(), 'helpdeskRequest', id)).some((h) => h.action === 'approve' && h.comment === 'büdcə var.')).toBe(true);

    // The same mail again (reused token): nothing more; the approver is told why.
    const againId = newId('again');
    await reply(againId, 'Rədd edirəm: artıq lazım deyil, başqa noutbuk tapıldı');
    expect((await reader.runOnce()).handled).toMatchObject([{ status: 'refused', outcome: 'notDecided' }]);
    expect((await rowOf(againId))!.reason).toMatch(/^used/);
    expect((await f.detail('requester', id)).request.status).toBe('APPROVED');
    const answers = await db().select().from(outbox).where(and(eq(outbox.recipient, 'lead@servicedesk.az'), sql`${outbox.payload} ->> 'kind' = 'replyNotDecided'`, gt(outbox.id, mailRow!.id)));
    expect(answers).toHaveLength(2);
    expect(answers[1]!.body).toMatch(/artıq qərar verilib/);
  });
});
