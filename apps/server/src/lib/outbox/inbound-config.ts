import { addressOf } from './config';

/**
 * The help-desk mailbox's settings from the environment (issue #38, inbound half); the server
 * reads it over IMAP (modules/inboundMail) only when IMAP_HOST is set — like SMTP_HOST for
 * sending. apps/server/README.md "Inbound mail" lists every variable, with Exchange and
 * Microsoft 365.
 */

/** OAuth 2.0 client credentials for IMAP's XOAUTH2 (Microsoft 365 no longer takes passwords over IMAP). */
export interface ImapOAuthConfig {
  /** IMAP_OAUTH_TOKEN_URL, or https://login.microsoftonline.com/{IMAP_OAUTH_TENANT}/oauth2/v2.0/token. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** IMAP_OAUTH_SCOPE; default https://outlook.office365.com/.default. */
  scope: string;
}

export interface InboundMailConfig {
  host: string;
  /** IMAP_PORT; default 993 with IMAP_SECURE, else 143. */
  port: number;
  /** IMAP_SECURE=true: TLS from the first byte (993). */
  secure: boolean;
  /** IMAP_STARTTLS=true: refuse to log in unless the server upgrades with STARTTLS (143); unset: upgrade when offered. */
  requireStartTls: boolean;
  /** IMAP_USER: the mailbox's login (Microsoft 365: its address). */
  user: string;
  /** IMAP_PASSWORD (empty with OAuth). */
  password: string;
  oauth: ImapOAuthConfig | null;
  /** IMAP_TLS_REJECT_UNAUTHORIZED=false accepts a self-signed certificate (test servers only). */
  rejectUnauthorized: boolean;
  /** IMAP_FOLDER: where new mail arrives; default INBOX. */
  folder: string;
  /** IMAP_PROCESSED_FOLDER: where handled mail is moved; default Processed (created when missing). */
  processedFolder: string;
  /** IMAP_FAILED_FOLDER: where mail that failed is moved (kept with its reason in inbound_mail); default Failed. */
  failedFolder: string;
  /** IMAP_POLL_SECONDS: how often the mailbox is read; default 60. */
  pollSeconds: number;
  /** IMAP_LEASE_SECONDS: how long one instance's turn holds before another may take it (it died); default 300. */
  leaseSeconds: number;
  /** IMAP_TIMEOUT_MS: connection, greeting and socket timeouts; default 30000. */
  timeoutMs: number;
  /** IMAP_BATCH: messages handled in one turn; default 50. */
  batchSize: number;
  /** INBOUND_ADDRESS: the help desk's address (Reply-To of our mails); default IMAP_USER when it is an address, else MAIL_FROM's. */
  address: string;
  /**
   * INBOUND_COMPONENT: the help-desk component (its code, or its id) a mailed request is filed
   * under; unset → the first active component needing no approval (categories, then components
   * in their order).
   */
  component: string | null;
  /** INBOUND_MAX_MESSAGE_MB: larger messages are not downloaded but failed at once; default UPLOAD_MAX_MB × 1.4 + 1 (base64 grows attachments by a third). */
  maxMessageBytes: number;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);
const flag = (value: string | undefined): boolean => value === 'true' || value === '1';

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

/**
 * Reads IMAP_* and INBOUND_* (null without IMAP_HOST: inbound mail is off); throws on a malformed
 * or contradictory value. `uploadMaxMb` (UPLOAD_MAX_MB) sizes the default message limit.
 */
export function loadInboundMailConfig(env: NodeJS.ProcessEnv, uploadMaxMb = 50): InboundMailConfig | null {
  const host = blankToNull(env.IMAP_HOST);
  if (!host) return null;
  const secure = flag(env.IMAP_SECURE);
  const requireStartTls = flag(env.IMAP_STARTTLS);
  if (secure && requireStartTls) throw new Error('IMAP_SECURE and IMAP_STARTTLS exclude each other: 993 is TLS from the start, 143 upgrades with STARTTLS');
  const user = blankToNull(env.IMAP_USER);
  if (!user) throw new Error('IMAP_USER is required with IMAP_HOST (the help-desk mailbox to read)');
  const clientId = blankToNull(env.IMAP_OAUTH_CLIENT_ID);
  const tenant = blankToNull(env.IMAP_OAUTH_TENANT);
  const tokenUrl = blankToNull(env.IMAP_OAUTH_TOKEN_URL) ?? (tenant ? `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/token` : null);
  if (clientId && !tokenUrl) throw new Error('IMAP_OAUTH_CLIENT_ID needs IMAP_OAUTH_TENANT (Microsoft 365) or IMAP_OAUTH_TOKEN_URL');
  const mailFrom = blankToNull(env.MAIL_FROM);
  const address = (blankToNull(env.INBOUND_ADDRESS) ?? (user.includes('@') ? user : mailFrom ? addressOf(mailFrom) : null))?.toLowerCase();
  if (!address || !address.includes('@')) throw new Error('INBOUND_ADDRESS is required when IMAP_USER is not an address (the help desk’s address, for Reply-To and loop checks)');
  return {
    host,
    port: intFrom(env.IMAP_PORT, secure ? 993 : 143, 'IMAP_PORT'),
    secure,
    requireStartTls,
    user,
    password: env.IMAP_PASSWORD ?? '',
    oauth:
      clientId && tokenUrl
        ? { tokenUrl, clientId, clientSecret: env.IMAP_OAUTH_CLIENT_SECRET ?? '', scope: blankToNull(env.IMAP_OAUTH_SCOPE) ?? 'https://outlook.office365.com/.default' }
        : null,
    rejectUnauthorized: env.IMAP_TLS_REJECT_UNAUTHORIZED !== 'false',
    folder: blankToNull(env.IMAP_FOLDER) ?? 'INBOX',
    processedFolder: blankToNull(env.IMAP_PROCESSED_FOLDER) ?? 'Processed',
    failedFolder: blankToNull(env.IMAP_FAILED_FOLDER) ?? 'Failed',
    pollSeconds: intFrom(env.IMAP_POLL_SECONDS, 60, 'IMAP_POLL_SECONDS'),
    leaseSeconds: intFrom(env.IMAP_LEASE_SECONDS, 300, 'IMAP_LEASE_SECONDS'),
    timeoutMs: intFrom(env.IMAP_TIMEOUT_MS, 30_000, 'IMAP_TIMEOUT_MS'),
    batchSize: intFrom(env.IMAP_BATCH, 50, 'IMAP_BATCH'),
    address,
    component: blankToNull(env.INBOUND_COMPONENT),
    maxMessageBytes: intFrom(env.INBOUND_MAX_MESSAGE_MB, Math.ceil(uploadMaxMb * 1.4) + 1, 'INBOUND_MAX_MESSAGE_MB') * 1024 * 1024,
  };
}
