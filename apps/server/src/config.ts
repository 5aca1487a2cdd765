import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@servicedesk/i18n/format';
import { loadMailConfig, type MailConfig } from './lib/outbox/config';
import { loadInboundMailConfig, type InboundMailConfig } from './lib/outbox/inbound-config';
import { loadNotificationDeliveryConfig, type NotificationDeliveryConfig } from './lib/whatsapp/config';

/** Where the database lives: PGlite on disk, PGlite in memory (tests) or PostgreSQL. */
export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `snapshot` (a PGlite dumpDataDir tarball) skips initdb — the tests use it. */
  | { kind: 'pglite-memory'; snapshot?: Blob }
  /**
   * `pipelineLanes`: connections on which reads are pipelined (db/pipelined-pool.ts), 0 for none;
   * env PG_PIPELINE_LANES, default {@link DEFAULT_PIPELINE_LANES}.
   */
  | { kind: 'postgres'; url: string; pipelineLanes?: number };

/**
 * Pipelined connections by default: one — cheap reads queue on it; the pool takes a read when the
 * lane has answered nothing for 20 ms or its queue would hold the read over 10 ms
 * (db/pipelined-pool.ts). bench/stock on 2 cores, the target's two screens: none 1,109–1,174
 * calls/s, 1 lane 1,535–1,739, 2 lanes 1,286–1,502.
 */
export const DEFAULT_PIPELINE_LANES = 1;

/** argon2id cost parameters; tests lower them so the suite stays quick. */
export interface Argon2Config {
  /** KiB of memory per hash. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Everything the server reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of DATA_DIR (database files, jwt-secret, uploaded files). */
  dataDir: string;
  database: DatabaseConfig;
  /** Reserved for the hub's Redis backplane (a later issue). */
  redisUrl: string | null;
  /** HS256 key material; null → generated and kept in DATA_DIR/jwt-secret or the settings table. */
  jwtSecret: string | null;
  /** Minutes a sign-in token stays valid. */
  tokenTtlMinutes: number;
  /**
   * Sign-in attempts per account (email) in one window before 429 (issue #20); the same for
   * checkCurrectPassword/changePassword per user. A success forgives the failures.
   */
  loginRateLimit: number;
  /**
   * Length of an account's first window in seconds; each window that overflows makes the next
   * twice as long (growing delay), up to `loginMaxDelayMinutes`. Env LOGIN_DELAY_SECONDS, default 60.
   */
  loginDelaySeconds: number;
  /** Longest account window (delay) in minutes; default 60. */
  loginMaxDelayMinutes: number;
  /**
   * Failed sign-ins per source address across all accounts per window before 429 (anti-spraying),
   * counted for unknown devices only — a browser with this account's device cookie is not (issue
   * #42); the first window lasts `loginDelaySeconds` and doubles per overflow. Env
   * LOGIN_IP_RATE_LIMIT, default 20; reset-link checks and forgotPassword asks per 15 minutes too.
   */
  loginIpRateLimit: number;
  /**
   * Failed sign-ins one device cookie may make for its account per `loginRateWindowMinutes` before
   * that cookie is locked (429 scope `device`; OWASP device cookies, issue #42). Env
   * LOGIN_DEVICE_RATE_LIMIT, default 10 (as LOGIN_RATE_LIMIT).
   */
  loginDeviceRateLimit: number;
  /** Window of the per-address limits (sign-in, reset link checks, forgotPassword), in minutes. */
  loginRateWindowMinutes: number;
  /** Minutes a password reset token stays valid. */
  resetTokenTtlMinutes: number;
  /** LDAP_URL as given; null when no company directory is configured. */
  ldapUrl: string | null;
  /** The company directory (modules/directory): null when LDAP_URL is unset. */
  ldap: LdapConfig | null;
  /** Absolute path of the built web app. */
  webDist: string;
  logLevel: string;
  /** Trust X-Forwarded-For (behind a load balancer); off by default so clients cannot fake their IP. */
  trustProxy: boolean;
  argon2: Argon2Config;
  /** Most bytes the files of one upload request may total (SPEC §5, §9: 50 MB); env UPLOAD_MAX_MB in MB. */
  uploadMaxTotalBytes: number;
  /** Files one user may upload per minute before 429 `tooManyUploads` (issue #20); env UPLOAD_RATE_PER_MINUTE, default 30. */
  uploadRatePerMinute: number;
  /** Bytes the live files one user uploaded may total before 413 `storageQuotaExceeded` (issue #20); env UPLOAD_QUOTA_MB in MB, default 1024. */
  uploadQuotaBytes: number;
  /** How long a help-desk grid page is served again (ms; 0 = never cached); env HELPDESK_LIST_CACHE_MS, default 5000. */
  helpdeskListCacheMs: number;
  /**
   * Port of a listener of its own that serves only GET /metrics (Prometheus), without a token;
   * env METRICS_PORT, unset → none. Keep it off the public network (firewall, METRICS_HOST).
   */
  metricsPort: number | null;
  /** Interface the metrics listener binds; env METRICS_HOST, default HOST. */
  metricsHost: string;
  /**
   * With it, GET /metrics on the public port answers a caller sending `Authorization: Bearer
   * <token>` (else 401); without it, 404 there. Env METRICS_TOKEN, at least 16 characters.
   */
  metricsToken: string | null;
  /**
   * The organisation's IANA time zone: instants (created at, decided at, printed at) are shown in
   * it on every screen and in the PDFs, and the web learns it from GET /api/global/organisation.
   * Env ORG_TIME_ZONE, default Asia/Baku; an unknown zone stops the start.
   */
  organisationTimeZone: string;
  /**
   * With it, the server backs itself up into a new folder here every `backupEveryHours`
   * (ops/backup-job.ts; PGlite included, while it serves) and keeps the newest `backupKeep`;
   * env BACKUP_DIR (absolute or relative to the working directory), unset → no scheduled backups.
   */
  backupDir: string | null;
  /** Hours between scheduled backups; env BACKUP_EVERY_HOURS, default 24. */
  backupEveryHours: number;
  /** Complete backups kept in BACKUP_DIR (older ones are removed after a successful one); env BACKUP_KEEP, default 14. */
  backupKeep: number;
  /**
   * Where uploaded files live: `folder` (DATA_DIR/files, the default) or `postgres` (the
   * database's file_blobs tables, shared by every instance; needs DATABASE_URL). Env FILE_STORE.
   */
  fileStore: 'folder' | 'postgres';
  /** Outbound mail and the outbox sender (SMTP_*, MAIL_*, PUBLIC_URL, ORG_NAME; lib/outbox/config.ts). */
  mail: MailConfig;
  /** WhatsApp notices and the daily digest hour (WHATSAPP_*, NOTIFICATION_DIGEST_HOUR; lib/whatsapp/config.ts). */
  notificationDelivery: NotificationDeliveryConfig;
  /** The help-desk mailbox read over IMAP (IMAP_*, INBOUND_*; lib/outbox/inbound-config.ts); null = inbound mail off. */
  inboundMail: InboundMailConfig | null;
}

/** A local user field the directory sync fills from a mapped attribute (LDAP_ATTRIBUTES). */
export type DirectoryField = 'firstName' | 'lastName' | 'email' | 'phone' | 'position' | 'location';

/** What a directory group gives its members here (LDAP_GROUP_MAP): a user type (key) and/or groups (names). */
export interface DirectoryGroupMapping {
  /** The group's DN, compared case-insensitively. */
  groupDn: string;
  userType?: string;
  groups?: string[];
}

/**
 * The company directory (OpenLDAP or Active Directory), read from LDAP_* variables by
 * {@link loadLdapConfig}; apps/server/README.md "Company directory" lists them with examples.
 */
export interface LdapConfig {
  /** ldap://host:389 or ldaps://host:636. */
  url: string;
  /** Upgrade an ldap:// connection with StartTLS (LDAP_STARTTLS=true). */
  startTls: boolean;
  /** PEM file of the CA that signed the directory's certificate (LDAP_CA_FILE); null = the system's CAs. */
  caFile: string | null;
  /** The service account that searches (LDAP_BIND_DN / LDAP_BIND_PASSWORD); null = anonymous. */
  bindDn: string | null;
  bindPassword: string | null;
  /** Where users are searched (LDAP_USER_BASE_DN). */
  userBaseDn: string;
  /** What a user entry is (LDAP_USER_FILTER), e.g. (objectClass=inetOrgPerson) or AD's (&(objectCategory=person)(objectClass=user)). */
  userFilter: string;
  /** Attributes a sign-in name is matched against (LDAP_LOGIN_ATTRIBUTE, comma-separated): uid, mail, sAMAccountName, userPrincipalName. */
  loginAttributes: string[];
  /** Where groups are searched (LDAP_GROUP_BASE_DN; default the user base). */
  groupBaseDn: string;
  /** What a group entry is (LDAP_GROUP_FILTER). */
  groupFilter: string;
  /** Local field → directory attribute (LDAP_ATTRIBUTES "field=attr,…" over the defaults). */
  attributes: Record<DirectoryField, string>;
  /** Directory group → user type / groups, first matching entry's user type wins (LDAP_GROUP_MAP, JSON). */
  groupMap: DirectoryGroupMapping[];
  /** Key of the user type of a directory user no mapped group covers (LDAP_DEFAULT_USER_TYPE, default employee). */
  defaultUserType: string;
  /** Minutes between scheduled syncs (LDAP_SYNC_INTERVAL_MINUTES, default 60; 0 = only when an admin runs it). */
  syncIntervalMinutes: number;
  /** Percent of directory users one sync may deactivate without an explicit confirmation (LDAP_SYNC_MAX_DEACTIVATE_PERCENT, default 20). */
  maxDeactivatePercent: number;
  /** Connect and operation timeout in ms (LDAP_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
  /** OpenLDAP ppolicy entry whose pwdMaxAge tells an expired password from a wrong one (LDAP_PASSWORD_POLICY_DN); null = not checked. */
  passwordPolicyDn: string | null;
}

const DEFAULT_DIRECTORY_ATTRIBUTES: Record<DirectoryField, string> = {
  firstName: 'givenName',
  lastName: 'sn',
  email: 'mail',
  phone: 'telephoneNumber',
  position: 'title',
  location: 'l',
};

function parseGroupMap(raw: string | undefined): DirectoryGroupMapping[] {
  if (!raw || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('LDAP_GROUP_MAP must be JSON: {"<group DN>": {"userType": "<key>", "groups": ["<name>"]}, …}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('LDAP_GROUP_MAP must be a JSON object keyed by group DN');
  return Object.entries(parsed as Record<string, { userType?: unknown; groups?: unknown }>).map(([groupDn, value]) => ({
    groupDn,
    ...(typeof value?.userType === 'string' ? { userType: value.userType } : {}),
    ...(Array.isArray(value?.groups) ? { groups: value.groups.filter((g): g is string => typeof g === 'string') } : {}),
  }));
}

/** The LDAP_* variables as an {@link LdapConfig}; null without LDAP_URL. Throws on a malformed value. */
export function loadLdapConfig(env: NodeJS.ProcessEnv): LdapConfig | null {
  const url = blankToNull(env.LDAP_URL);
  if (!url) return null;
  const userBaseDn = blankToNull(env.LDAP_USER_BASE_DN) ?? '';
  const attributes = { ...DEFAULT_DIRECTORY_ATTRIBUTES };
  for (const pair of (env.LDAP_ATTRIBUTES ?? '').split(',').filter((p) => p.trim() !== '')) {
    const [field, attr] = pair.split('=').map((x) => x.trim());
    if (!field || !attr || !(field in attributes)) throw new Error(`LDAP_ATTRIBUTES: "${pair}" is not field=attribute with field one of ${Object.keys(attributes).join(', ')}`);
    attributes[field as DirectoryField] = attr;
  }
  const percent = intFrom(env.LDAP_SYNC_MAX_DEACTIVATE_PERCENT, 20, 'LDAP_SYNC_MAX_DEACTIVATE_PERCENT', 0);
  if (percent > 100) throw new Error('LDAP_SYNC_MAX_DEACTIVATE_PERCENT must be at most 100');
  return {
    url,
    startTls: env.LDAP_STARTTLS === 'true' || env.LDAP_STARTTLS === '1',
    caFile: blankToNull(env.LDAP_CA_FILE),
    bindDn: blankToNull(env.LDAP_BIND_DN),
    bindPassword: blankToNull(env.LDAP_BIND_PASSWORD),
    userBaseDn,
    userFilter: blankToNull(env.LDAP_USER_FILTER) ?? '(objectClass=person)',
    loginAttributes: (blankToNull(env.LDAP_LOGIN_ATTRIBUTE) ?? 'uid').split(',').map((a) => a.trim()).filter((a) => a !== ''),
    groupBaseDn: blankToNull(env.LDAP_GROUP_BASE_DN) ?? userBaseDn,
    groupFilter: blankToNull(env.LDAP_GROUP_FILTER) ?? '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=group))',
    attributes,
    groupMap: parseGroupMap(env.LDAP_GROUP_MAP),
    defaultUserType: blankToNull(env.LDAP_DEFAULT_USER_TYPE) ?? 'employee',
    syncIntervalMinutes: intFrom(env.LDAP_SYNC_INTERVAL_MINUTES, 60, 'LDAP_SYNC_INTERVAL_MINUTES', 0),
    maxDeactivatePercent: percent,
    timeoutMs: intFrom(env.LDAP_TIMEOUT_MS, 5000, 'LDAP_TIMEOUT_MS'),
    passwordPolicyDn: blankToNull(env.LDAP_PASSWORD_POLICY_DN),
  };
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** ORG_TIME_ZONE: an IANA zone the runtime knows; unset or blank → Asia/Baku. */
function timeZoneFrom(value: string | undefined): string {
  const zone = value?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone)) throw new Error(`ORG_TIME_ZONE must be an IANA time zone such as Asia/Baku, not "${zone}"`);
  return zone;
}

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** FILE_STORE: `folder` (default) or `postgres`, which needs DATABASE_URL. */
function fileStoreFrom(value: string | undefined, databaseUrl: string | null): 'folder' | 'postgres' {
  if (value === undefined || value === '' || value === 'folder') return 'folder';
  if (value !== 'postgres') throw new Error(`FILE_STORE must be folder or postgres, got "${value}"`);
  if (!databaseUrl) throw new Error('FILE_STORE=postgres needs DATABASE_URL');
  return 'postgres';
}

/** METRICS_TOKEN: unset → null; a shorter one than 16 characters is refused (guessable). */
function metricsTokenFrom(value: string | undefined): string | null {
  const token = blankToNull(value);
  if (token !== null && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

/**
 * Reads the configuration from `env` (process.env by default). Relative DATA_DIR and WEB_DIST
 * resolve against `cwd` (the process's working directory), so `npm start` at the repo root keeps
 * data in ./data there, and at apps/server in apps/server/data.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  const databaseUrl = blankToNull(env.DATABASE_URL);
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl, pipelineLanes: intFrom(env.PG_PIPELINE_LANES, DEFAULT_PIPELINE_LANES, 'PG_PIPELINE_LANES', 0) }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: blankToNull(env.REDIS_URL),
    jwtSecret: blankToNull(env.JWT_SECRET),
    tokenTtlMinutes: intFrom(env.TOKEN_TTL_MINUTES, 480, 'TOKEN_TTL_MINUTES'),
    loginRateLimit: intFrom(env.LOGIN_RATE_LIMIT, 10, 'LOGIN_RATE_LIMIT'),
    loginDelaySeconds: intFrom(env.LOGIN_DELAY_SECONDS, 60, 'LOGIN_DELAY_SECONDS'),
    loginMaxDelayMinutes: 60,
    loginIpRateLimit: intFrom(env.LOGIN_IP_RATE_LIMIT, 20, 'LOGIN_IP_RATE_LIMIT'),
    loginDeviceRateLimit: intFrom(env.LOGIN_DEVICE_RATE_LIMIT, 10, 'LOGIN_DEVICE_RATE_LIMIT'),
    loginRateWindowMinutes: 15,
    resetTokenTtlMinutes: 60,
    ldapUrl: blankToNull(env.LDAP_URL),
    ldap: loadLdapConfig(env),
    webDist: env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    uploadMaxTotalBytes: intFrom(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB') * 1024 * 1024,
    uploadRatePerMinute: intFrom(env.UPLOAD_RATE_PER_MINUTE, 30, 'UPLOAD_RATE_PER_MINUTE'),
    uploadQuotaBytes: intFrom(env.UPLOAD_QUOTA_MB, 1024, 'UPLOAD_QUOTA_MB') * 1024 * 1024,
    helpdeskListCacheMs: intFrom(env.HELPDESK_LIST_CACHE_MS, 5000, 'HELPDESK_LIST_CACHE_MS', 0),
    metricsPort: env.METRICS_PORT ? intFrom(env.METRICS_PORT, 0, 'METRICS_PORT') : null,
    metricsHost: env.METRICS_HOST || env.HOST || '0.0.0.0',
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    organisationTimeZone: timeZoneFrom(env.ORG_TIME_ZONE),
    backupDir: env.BACKUP_DIR ? path.resolve(cwd, env.BACKUP_DIR) : null,
    backupEveryHours: intFrom(env.BACKUP_EVERY_HOURS, 24, 'BACKUP_EVERY_HOURS'),
    backupKeep: intFrom(env.BACKUP_KEEP, 14, 'BACKUP_KEEP'),
    fileStore: fileStoreFrom(env.FILE_STORE, databaseUrl),
    mail: loadMailConfig(env),
    notificationDelivery: loadNotificationDeliveryConfig(env),
    inboundMail: loadInboundMailConfig(env, intFrom(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB')),
    ...overrides,
  };
}
