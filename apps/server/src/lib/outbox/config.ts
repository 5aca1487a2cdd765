/**
 * The outbox's settings from the environment (issue #38); apps/server/README.md "Mail" lists every
 * variable with examples (Exchange / Microsoft 365 included).
 */

/** The SMTP server the mail transport sends through; null in {@link MailConfig.smtp} without SMTP_HOST. */
export interface SmtpConfig {
  host: string;
  /** SMTP_PORT; default 465 with SMTP_SECURE, else 587. */
  port: number;
  /** SMTP_SECURE=true: TLS from the first byte (port 465). */
  secure: boolean;
  /** SMTP_STARTTLS=true: refuse to send unless the server upgrades the connection with STARTTLS (port 587). */
  requireStartTls: boolean;
  /** SMTP_USER / SMTP_PASSWORD: AUTH credentials; null → no AUTH. */
  user: string | null;
  password: string | null;
  /** SMTP_TLS_REJECT_UNAUTHORIZED=false accepts a self-signed certificate (test servers only). */
  rejectUnauthorized: boolean;
  /** Connection, greeting and socket timeouts in ms (SMTP_TIMEOUT_MS, default 30000); kept well under the claim lease. */
  timeoutMs: number;
}

/** Everything the outbox sender and the mail templates read. */
export interface MailConfig {
  /** null: no mail is sent (rows stay queued; the admin page says mail is not configured). */
  smtp: SmtpConfig | null;
  /** MAIL_FROM: the sender, e.g. `ServiceDesk <servicedesk@example.org>`; default `servicedesk@{MAIL_DOMAIN}`. */
  from: string;
  /** MAIL_DOMAIN: the right side of our Message-IDs `<sd-outbox-{id}@{domain}>`; default MAIL_FROM's domain, else `servicedesk.local`. */
  domain: string;
  /** PUBLIC_URL without a trailing slash: the base of every link in a message; null → http://localhost:PORT. */
  publicUrl: string | null;
  /** ORG_NAME: the organisation's name in the messages; default `ServiceDesk`. */
  organisationName: string;
  /**
   * MAIL_REPLY_TO: the Reply-To of every mail; null → the help-desk mailbox (INBOUND_ADDRESS) when
   * inbound mail is on (so replies come back to it), else none.
   */
  replyTo: string | null;
  /** MAIL_MAX_ATTEMPTS: tries of one row (every channel) before it is marked failed; default 8. */
  maxAttempts: number;
  /** MAIL_RETRY_BASE_SECONDS: delay after the first failed try, doubled after each next one (up to 6 hours); default 60. */
  retryBaseSeconds: number;
  /** MAIL_LEASE_SECONDS: how long a claim holds before another instance may take the row again (the claimer died); default 300. */
  leaseSeconds: number;
  /** MAIL_POLL_SECONDS: how often the sender looks for due rows; default 15. */
  pollSeconds: number;
  /** MAIL_BATCH: rows one sender claims at a time; default 20. */
  batchSize: number;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);
const flag = (value: string | undefined): boolean => value === 'true' || value === '1';

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

/** The address part of `Name <a@b>` or `a@b`. */
export function addressOf(from: string): string {
  const angled = /<([^>]+)>/.exec(from);
  return (angled ? angled[1]! : from).trim();
}

/** Reads the mail variables (SMTP_*, MAIL_*, PUBLIC_URL, ORG_NAME); throws on a malformed value. */
export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const host = blankToNull(env.SMTP_HOST);
  const secure = flag(env.SMTP_SECURE);
  const requireStartTls = flag(env.SMTP_STARTTLS);
  if (secure && requireStartTls) throw new Error('SMTP_SECURE and SMTP_STARTTLS exclude each other: 465 is TLS from the start, 587 upgrades with STARTTLS');
  const fromEnv = blankToNull(env.MAIL_FROM);
  const fromDomain = fromEnv ? addressOf(fromEnv).split('@')[1] : undefined;
  const domain = blankToNull(env.MAIL_DOMAIN) ?? fromDomain ?? 'servicedesk.local';
  const publicUrl = blankToNull(env.PUBLIC_URL);
  if (publicUrl !== null && !/^https?:\/\/[^/]+/.test(publicUrl)) throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://servicedesk.example.org, got "${publicUrl}"`);
  const user = blankToNull(env.SMTP_USER);
  return {
    smtp: host
      ? {
          host,
          port: intFrom(env.SMTP_PORT, secure ? 465 : 587, 'SMTP_PORT'),
          secure,
          requireStartTls,
          user,
          password: user ? (env.SMTP_PASSWORD ?? '') : null,
          rejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED !== 'false',
          timeoutMs: intFrom(env.SMTP_TIMEOUT_MS, 30_000, 'SMTP_TIMEOUT_MS'),
        }
      : null,
    from: fromEnv ?? `servicedesk@${domain}`,
    domain,
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    organisationName: blankToNull(env.ORG_NAME) ?? 'ServiceDesk',
    replyTo: blankToNull(env.MAIL_REPLY_TO),
    maxAttempts: intFrom(env.MAIL_MAX_ATTEMPTS, 8, 'MAIL_MAX_ATTEMPTS'),
    retryBaseSeconds: intFrom(env.MAIL_RETRY_BASE_SECONDS, 60, 'MAIL_RETRY_BASE_SECONDS'),
    leaseSeconds: intFrom(env.MAIL_LEASE_SECONDS, 300, 'MAIL_LEASE_SECONDS'),
    pollSeconds: intFrom(env.MAIL_POLL_SECONDS, 15, 'MAIL_POLL_SECONDS'),
    batchSize: intFrom(env.MAIL_BATCH, 20, 'MAIL_BATCH'),
  };
}
