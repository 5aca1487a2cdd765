import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';

/*
 * Throwaway mail servers for the outbound-mail tests (issue #38): Postfix accepts SMTP from
 * 127.0.0.1 for any domain and delivers every message over LMTP into Dovecot, whose maildirs the
 * tests read over IMAP. Every user@any-domain exists with the password {@link MAIL_PASSWORD}.
 * Config from this folder's templates into a temp folder; three consecutive free ports of
 * MAIL_TEST_PORTS (default 18300–18399): IMAP, LMTP, SMTP. Needs Debian's `postfix`,
 * `dovecot-imapd` and `dovecot-lmtpd` (.ci/run installs them) and root (Postfix's master and
 * Dovecot drop privileges themselves). `start.ts` runs them from the command line.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const POSTFIX = process.env.POSTFIX_PATH ?? '/usr/sbin/postfix';
const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const LMTP_BINARY = '/usr/lib/dovecot/lmtp';
/** The password of every mailbox of the test Dovecot. */
export const MAIL_PASSWORD = 'mail-secret';
/** The uid/gid the maildirs belong to (Debian's nobody/nogroup). */
const MAIL_UID = 65534;

/** Running Postfix + Dovecot. */
export interface MailServers {
  /** Postfix's SMTP port on 127.0.0.1 (no TLS, no AUTH: relay from 127.0.0.1). */
  smtpPort: number;
  /** Dovecot's IMAP port on 127.0.0.1 (plain text login). */
  imapPort: number;
  lmtpPort: number;
  /** Stops both (by their pids) and removes the temp folder. */
  stop(): Promise<void>;
}

/** A message as the tests read it back. */
export interface ReadMail {
  uid: number;
  subject: string;
  messageId: string;
  from: string;
  /** The raw RFC 5322 source. */
  source: string;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `port` answers (true) or `child` exits (false). */
async function waitListening(child: ChildProcess, port: number): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    if (await portAnswers(port)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function portRange(): [number, number] {
  const [first, last] = (process.env.MAIL_TEST_PORTS ?? '18300-18399').split('-').map(Number);
  return [first!, last!];
}

/** Why the servers cannot run here, or null when they can. */
export function mailServersMissing(): string | null {
  for (const binary of [POSTFIX, DOVECOT, LMTP_BINARY]) if (!existsSync(binary)) return `${binary} is not installed (apt-get install postfix dovecot-imapd dovecot-lmtpd)`;
  if (process.getuid?.() !== 0) return 'the mail servers need root';
  return null;
}

const fill = (template: string, marks: Record<string, string | number>) =>
  Object.entries(marks).reduce((text, [mark, value]) => text.replaceAll(`@${mark}@`, String(value)), readFileSync(path.join(here, template), 'utf8'));

/** Starts Postfix delivering into Dovecot; throws with the reason when they are missing or do not start. */
export async function startMailServers(): Promise<MailServers> {
  const missing = mailServersMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-mail-'));
  // mkdtemp makes it 0700: Postfix's and Dovecot's unprivileged users must reach their folders inside.
  chmodSync(dir, 0o755);
  const dovecotDir = path.join(dir, 'dovecot');
  const postfixDir = path.join(dir, 'postfix');
  for (const d of [dovecotDir, path.join(dovecotDir, 'run'), path.join(dovecotDir, 'state'), path.join(dovecotDir, 'mail'), postfixDir, path.join(postfixDir, 'queue'), path.join(postfixDir, 'data')]) mkdirSync(d, { recursive: true });
  chownSync(path.join(dovecotDir, 'mail'), MAIL_UID, MAIL_UID);
  const postfixUser = spawnSync('id', ['-u', 'postfix'], { encoding: 'utf8' });
  if (postfixUser.status === 0) chownSync(path.join(postfixDir, 'data'), Number(postfixUser.stdout.trim()), 0);

  const [first, last] = portRange();
  const span = last - first + 1;
  // Files of parallel test processes share the range: start at a pid-dependent offset, take three free ports.
  const offset = (process.pid * 3) % span;
  let lastError = '';
  for (let i = 0; i + 2 < span; i += 3) {
    const base = first + ((offset + i) % (span - 2));
    const [imapPort, lmtpPort, smtpPort] = [base, base + 1, base + 2];
    if ((await portAnswers(imapPort)) || (await portAnswers(lmtpPort)) || (await portAnswers(smtpPort))) continue;
    const marks = { DOVECOT_DIR: dovecotDir, POSTFIX_DIR: postfixDir, IMAP_PORT: imapPort, LMTP_PORT: lmtpPort, SMTP_PORT: smtpPort, PASSWORD: MAIL_PASSWORD };
    writeFileSync(path.join(dovecotDir, 'dovecot.conf'), fill('dovecot.conf.template', marks));
    writeFileSync(path.join(postfixDir, 'main.cf'), fill('main.cf.template', marks));
    writeFileSync(path.join(postfixDir, 'master.cf'), fill('master.cf.template', marks));

    // -F: foreground, so this process owns Dovecot's master and its pid.
    const dovecot = spawn(DOVECOT, ['-F', '-c', path.join(dovecotDir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    dovecot.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (!(await waitListening(dovecot, imapPort)) || !(await waitListening(dovecot, lmtpPort))) {
      await stopChild(dovecot);
      lastError = `dovecot: ${stderr.trim() || readLog(path.join(dovecotDir, 'dovecot.log'))}`;
      if (/in use/i.test(lastError)) continue;
      break;
    }
    // start-fg: Postfix's master in the foreground (Postfix 3.3+), owned by this process too.
    const postfix = spawn(POSTFIX, ['-c', postfixDir, 'start-fg'], { stdio: ['ignore', 'ignore', 'pipe'] });
    postfix.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (!(await waitListening(postfix, smtpPort))) {
      await Promise.all([stopChild(postfix), stopChild(dovecot)]);
      lastError = `postfix: ${stderr.trim() || readLog(path.join(postfixDir, 'postfix.log'))}`;
      if (/in use/i.test(lastError)) continue;
      break;
    }
    return {
      smtpPort,
      imapPort,
      lmtpPort,
      async stop() {
        await Promise.all([stopChild(postfix), stopChild(dovecot)]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`the mail servers did not start: ${lastError}`);
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' ');
  } catch {
    return '(no log)';
  }
}

/**
 * {@link startMailServers}, or the reason they could not start (the caller skips its tests with
 * it). With REQUIRE_MAIL=1 (.ci/run) a failure throws instead: CI must run these tests.
 */
export async function startMailServersOrSkip(): Promise<MailServers | string> {
  try {
    return await startMailServers();
  } catch (error) {
    if (process.env.REQUIRE_MAIL === '1') throw error;
    const reason = `mail tests skipped: ${(error as Error).message}`;
    console.warn(reason);
    return reason;
  }
}

/** Every message in `user`'s INBOX, oldest first. */
export function readInbox(imapPort: number, user: string): Promise<ReadMail[]> {
  return readFolder(imapPort, user, 'INBOX');
}

/** Every message in `user`'s `folder` (none when the folder does not exist), oldest first. */
export async function readFolder(imapPort: number, user: string, folder: string): Promise<ReadMail[]> {
  const client = new ImapFlow({ host: '127.0.0.1', port: imapPort, secure: false, auth: { user, pass: MAIL_PASSWORD }, logger: false });
  await client.connect();
  try {
    if (folder !== 'INBOX' && !(await client.list()).some((m) => m.path === folder)) return [];
    const lock = await client.getMailboxLock(folder);
    try {
      const out: ReadMail[] = [];
      const status = await client.status(folder, { messages: true });
      if (status === false || !status.messages) return out;
      for await (const message of client.fetch('1:*', { uid: true, envelope: true, source: true })) {
        out.push({
          uid: message.uid,
          subject: message.envelope?.subject ?? '',
          messageId: message.envelope?.messageId ?? '',
          from: message.envelope?.from?.[0]?.address ?? '',
          source: message.source?.toString('utf8') ?? '',
        });
      }
      return out;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
  }
}

/**
 * Waits until `user`'s INBOX holds a message `match` accepts and answers it; polls IMAP every
 * 100 ms (Postfix hands a message to Dovecot within a second) and gives up after `timeoutMs`.
 */
export async function waitForMail(imapPort: number, user: string, match: (mail: ReadMail) => boolean, timeoutMs = 15_000): Promise<ReadMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readInbox(imapPort, user)).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching mail for ${user} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Hands `raw` (an RFC 5322 message, \n or \r\n line ends) to the test Postfix for delivery to
 * `to` with the envelope sender `from` ('' = the null sender of a bounce), as a mail client would.
 */
export async function sendRaw(smtpPort: number, raw: string, envelope: { from: string; to: string[] }): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: envelope.from, to: envelope.to }, raw: raw.replace(/\r?\n/g, '\r\n') });
  } finally {
    transport.close();
  }
}
