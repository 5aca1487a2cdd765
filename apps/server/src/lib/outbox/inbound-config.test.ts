import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loadInboundMailConfig } from './inbound-config';

describe('inbound mail settings (IMAP_*, INBOUND_*)', () => {
  it('are off without IMAP_HOST, so npm start and npm test run without a mailbox', () => {
    expect(loadInboundMailConfig({})).toBeNull();
    expect(loadConfig({}, process.cwd()).inboundMail).toBeNull();
  });

  it('read a Microsoft 365 mailbox with OAuth client credentials', () => {
    const config = loadInboundMailConfig({
      IMAP_HOST: 'outlook.office365.com',
      IMAP_SECURE: 'true',
      IMAP_USER: 'HelpDesk@contoso.com',
      IMAP_OAUTH_TENANT: 'contoso.onmicrosoft.com',
      IMAP_OAUTH_CLIENT_ID: 'app-id',
      IMAP_OAUTH_CLIENT_SECRET: 'secret',
      INBOUND_COMPONENT: 'email',
    });
    expect(config).toMatchObject({
      host: 'outlook.office365.com',
      port: 993,
      secure: true,
      user: 'HelpDesk@contoso.com',
      address: 'helpdesk@contoso.com',
      folder: 'INBOX',
      processedFolder: 'Processed',
      failedFolder: 'Failed',
      component: 'email',
      oauth: { tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token', clientId: 'app-id', clientSecret: 'secret', scope: 'https://outlook.office365.com/.default' },
    });
    // 50 MB of attachments grow by a third in base64: the default message limit leaves room for it.
    expect(config!.maxMessageBytes).toBe(71 * 1024 * 1024);
  });

  it('take a plain login on 143 and the help desk address from MAIL_FROM, and refuse contradictions', () => {
    expect(loadInboundMailConfig({ IMAP_HOST: 'mail.corp.local', IMAP_USER: 'CORP\\helpdesk', IMAP_PASSWORD: 'pw', MAIL_FROM: 'Help desk <HelpDesk@corp.example>' })).toMatchObject({
      port: 143,
      secure: false,
      requireStartTls: false,
      password: 'pw',
      oauth: null,
      address: 'helpdesk@corp.example',
    });
    expect(() => loadInboundMailConfig({ IMAP_HOST: 'x' })).toThrow(/IMAP_USER/);
    expect(() => loadInboundMailConfig({ IMAP_HOST: 'x', IMAP_USER: 'u', IMAP_SECURE: 'true', IMAP_STARTTLS: 'true' })).toThrow(/exclude/);
    expect(() => loadInboundMailConfig({ IMAP_HOST: 'x', IMAP_USER: 'u' })).toThrow(/INBOUND_ADDRESS/);
    expect(() => loadInboundMailConfig({ IMAP_HOST: 'x', IMAP_USER: 'u@x', IMAP_OAUTH_CLIENT_ID: 'id' })).toThrow(/IMAP_OAUTH_TENANT/);
    expect(() => loadInboundMailConfig({ IMAP_HOST: 'x', IMAP_USER: 'u@x', IMAP_POLL_SECONDS: '0' })).toThrow(/IMAP_POLL_SECONDS/);
  });
});
