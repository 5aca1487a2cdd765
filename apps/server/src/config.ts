import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Failed sign-ins per source address across all accounts per window before 429 (anti-spraying); env LOGIN_IP_RATE_LIMIT, default 20. */
  loginIpRateLimit: number;
  /** Window of the per-address limits (sign-in, reset link checks, forgotPassword), in minutes. */
  loginRateWindowMinutes: number;
  /** Minutes a password reset token stays valid. */
  resetTokenTtlMinutes: number;
  ldapUrl: string | null;
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
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value : null);

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
    loginRateWindowMinutes: 15,
    resetTokenTtlMinutes: 60,
    ldapUrl: blankToNull(env.LDAP_URL),
    webDist: env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    uploadMaxTotalBytes: intFrom(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB') * 1024 * 1024,
    uploadRatePerMinute: intFrom(env.UPLOAD_RATE_PER_MINUTE, 30, 'UPLOAD_RATE_PER_MINUTE'),
    uploadQuotaBytes: intFrom(env.UPLOAD_QUOTA_MB, 1024, 'UPLOAD_QUOTA_MB') * 1024 * 1024,
    helpdeskListCacheMs: intFrom(env.HELPDESK_LIST_CACHE_MS, 5000, 'HELPDESK_LIST_CACHE_MS', 0),
    ...overrides,
  };
}
