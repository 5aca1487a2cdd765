import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { readInbox, startMailServersOrSkip, waitForMail, type MailServers } from '../../../test/mail/mail-servers';
import { loadMailConfig } from './config';
import { renderMail } from './mail-template';
import { createOutboxSender } from './sender';
import { createSmtpTransport, outboxIdOf } from './smtp';
import { defaultTransports, TransportRegistry } from './transport';

const mailConfig = (env: NodeJS.ProcessEnv = {}) => loadMailConfig({ PUBLIC_URL: 'https://sd.example.org/', ORG_NAME: 'Acme <R&D> "Baku"', MAIL_FROM: 'ServiceDesk <sd@servicedesk.test>', ...env });

describe('mail templates', () => {
  const config = mailConfig();
  const expected = {
    az: { subject: 'Acme <R&D> "Baku": şifrənin bərpası', phrase: '60 dəqiqə', action: 'Yeni şifrə seçin' },
    en: { subject: 'Acme <R&D> "Baku": reset your password', phrase: '60 minutes', action: 'Choose a new password' },
    ru: { subject: 'Acme <R&D> "Baku": восстановление пароля', phrase: '60 мин.', action: 'Выбрать новый пароль' },
    tr: { subject: 'Acme <R&D> "Baku": şifrenizi sıfırlayın', phrase: '60 dakika', action: 'Yeni şifre seçin' },
  } as const;

  it.each(Object.entries(expected))('renders the password reset in %s as text and HTML with the organisation and an absolute link', (lang, want) => {
    const mail = renderMail(config, 8080, { kind: 'passwordReset', lang: lang as keyof typeof expected, link: '/auth/reset-password?token=a_b-c', params: { minutes: 60 } });
    expect(mail.subject).toBe(want.subject);
    expect(mail.url).toBe('https://sd.example.org/auth/reset-password?token=a_b-c');
    expect(mail.text).toContain(want.phrase);
    expect(mail.text).toContain(`${want.action}: https://sd.example.org/auth/reset-password?token=a_b-c`);
    expect(mail.text).toContain('Acme <R&D> "Baku"');
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.html).toContain('href="https://sd.example.org/auth/reset-password?token=a_b-c"');
    expect(mail.html).toContain(want.action);
    // The organisation's name is text in the HTML part, never markup.
    expect(mail.html).toContain('Acme &#60;R&#38;D&#62; &#34;Baku&#34;');
    expect(mail.html).not.toContain('<R&D>');
    expect(mail.text).not.toMatch(/\{\{|<p|&#/);
  });

  it('renders the invitation with the escaped address and every language differently', () => {
    const texts = (['az', 'en', 'ru', 'tr'] as const).map((lang) =>
      renderMail(config, 8080, { kind: 'accountCreated', lang, link: '/auth/reset-password?token=t', params: { minutes: 60, email: 'x"<y>@example.org' } }),
    );
    expect(new Set(texts.map((m) => m.text)).size).toBe(4);
    for (const mail of texts) {
      expect(mail.text).toContain('x"<y>@example.org');
      expect(mail.html).toContain('x&#34;&#60;y&#62;@example.org');
    }
    expect(texts[2]!.text).toMatch(/учётная запись/);
  });

  it('links to http://localhost:PORT without PUBLIC_URL and refuses an unknown kind', () => {
    const bare = loadMailConfig({});
    expect(renderMail(bare, 8123, { kind: 'adminReset', lang: 'en', link: '/auth/reset-password?token=t', params: { minutes: 5 } }).url).toBe('http://localhost:8123/auth/reset-password?token=t');
    expect(bare.organisationName).toBe('ServiceDesk');
    expect(() => renderMail(bare, 8080, { kind: 'noSuchKind', lang: 'en' })).toThrow(/noSuchKind/);
  });

  it('reads the mail variables', () => {
    expect(loadMailConfig({}).smtp).toBeNull();
    const office = loadMailConfig({ SMTP_HOST: 'smtp.office365.com', SMTP_STARTTLS: 'true', SMTP_USER: 'sd@contoso.com', SMTP_PASSWORD: 'pw', MAIL_FROM: 'Help desk <sd@contoso.com>' });
    expect(office.smtp).toMatchObject({ host: 'smtp.office365.com', port: 587, secure: false, requireStartTls: true, user: 'sd@contoso.com', password: 'pw' });
    expect(office.domain).toBe('contoso.com');
    expect(loadMailConfig({ SMTP_HOST: 'mx', SMTP_SECURE: 'true' }).smtp?.port).toBe(465);
    expect(() => loadMailConfig({ SMTP_HOST: 'mx', SMTP_SECURE: 'true', SMTP_STARTTLS: 'true' })).toThrow(/exclude/);
    expect(() => loadMailConfig({ PUBLIC_URL: 'sd.example.org' })).toThrow(/PUBLIC_URL/);
    expect(outboxIdOf('<sd-outbox-42@contoso.com>', 'contoso.com')).toBe(42);
    expect(outboxIdOf('<sd-outbox-42@evil.example>', 'contoso.com')).toBeNull();
  });
});

describe('mail through real Postfix and Dovecot', () => {
  let servers: MailServers | string;
  let t: TestApp | undefined;
  beforeAll(async () => {
    servers = await startMailServersOrSkip();
    if (typeof servers === 'string') return;
    const mail = { ...mailConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(servers.smtpPort), MAIL_DOMAIN: 'servicedesk.test' }), pollSeconds: 3600 };
    t = await createTestApp('pglite', { mail });
  });
  afterAll(async () => {
    await t?.close();
    if (typeof servers !== 'string') await servers?.stop();
  });

  const sender = () => createOutboxSender({ db: t!.app.deps.db, transports: defaultTransports, maxAttempts: 3, retryBaseSeconds: 60, leaseSeconds: 300, batchSize: 20 });

  it('delivers a forgot-password mail into the mailbox in the recipient language, with our Message-ID', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const imapPort = servers.imapPort;
    await t!.app.deps.db.update(users).set({ language: 'ru' }).where(eq(users.email, 'lead@servicedesk.az'));
    const res = await t!.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'lead@servicedesk.az' } });
    expect(res.statusCode).toBe(200);
    expect(await sender().runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const [row] = await t!.app.deps.db.select().from(outbox).where(eq(outbox.recipient, 'lead@servicedesk.az')).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ status: 'sent', messageId: `<sd-outbox-${row!.id}@servicedesk.test>` });

    const mail = await waitForMail(imapPort, 'lead@servicedesk.az', (m) => m.messageId === row!.messageId);
    expect(mail.subject).toBe('Acme <R&D> "Baku": восстановление пароля');
    expect(mail.from).toBe('sd@servicedesk.test');
    expect(mail.source).toMatch(/^Auto-Submitted: auto-generated/m);
    expect(mail.source).toMatch(/^Content-Language: ru/m);
    expect(mail.source).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.source).toMatch(/Content-Type: text\/html/);
    // The link (quoted-printable may fold it) leads to this server's reset page.
    const unfolded = mail.source.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = new URL((row!.payload as { link: string }).link, 'https://sd.example.org').searchParams.get('token');
    expect(unfolded).toContain(`https://sd.example.org/auth/reset-password?token=${token}`);
    expect((await t!.app.inject({ method: 'GET', url: `/api/auth/checkResetToken/${token}` })).json()).toEqual({ isValid: true });
  });

  it('keeps a row queued with the connection error while the SMTP server does not answer', async (ctx) => {
    if (typeof servers === 'string') return ctx.skip();
    const [row] = await t!.app.deps.db.insert(outbox).values({ channel: 'mail', recipient: 'employee@servicedesk.az', subject: 'down', body: 'b' }).returning();
    const dead = new TransportRegistry();
    // Nothing listens on port 1.
    const config = mailConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', SMTP_TIMEOUT_MS: '2000' });
    dead.register('mail', createSmtpTransport({ ...config, smtp: config.smtp! }));
    const s = createOutboxSender({ db: t!.app.deps.db, transports: dead, maxAttempts: 3, retryBaseSeconds: 60, leaseSeconds: 300, batchSize: 20 });
    expect(await s.runOnce()).toMatchObject({ retried: 1 });
    const [after] = await t!.app.deps.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after!.lastError).toMatch(/ECONNREFUSED/);
    expect((await readInbox(servers.imapPort, 'employee@servicedesk.az')).some((m) => m.subject === 'down')).toBe(false);
  });
});
