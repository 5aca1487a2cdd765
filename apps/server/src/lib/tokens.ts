import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from './errors';

/** A signed bearer token and the instant it stops being accepted. */
export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** What a valid token says: whose it is and which server-side session (`jti`, a `sessions` row) it belongs to. */
export interface VerifiedToken {
  userId: number;
  sessionId: string;
}

/** Issues and checks the HS256 JWTs of SPEC §4 "Session" (sub = user id, jti = session id, exp required). */
export interface TokenService {
  issue(userId: number, sessionId: string, now?: Date): Promise<IssuedToken>;
  /** Signs a token with an explicit expiry (tests use a past one to get an expired token). */
  issueUntil(userId: number, sessionId: string, expiresAt: Date, issuedAt?: Date): Promise<IssuedToken>;
  /**
   * Returns the user and session of a valid token. Throws a 401 AppError with code `tokenExpired`
   * for an expired token and `invalidToken` for anything else (bad signature, malformed, wrong
   * alg, no `exp`, no `jti`). Whether the session is still open is the auth guard's question.
   */
  verify(token: string): Promise<VerifiedToken>;
  /** Drops every remembered token of these sessions (they were revoked; issue #20). */
  forget(sessionIds: readonly string[]): void;
  /**
   * Signs a device token for `userId` (the sign-in device cookie of issue #42, OWASP "Blocking
   * Brute Force Attacks": a JWT of { sub: user id, jti: a fresh 16-byte nonce, crd, exp } valid
   * {@link DEVICE_TOKEN_TTL_DAYS} days). It is signed with a key derived from the server's secret
   * for this use alone, so it is never accepted as a bearer token and a bearer token never as it.
   * `crd` binds it to the account's password as it is now (an HMAC of `passwordHash`, never the hash
   * itself): once the password is changed or reset the token no longer counts (issue #42: a stolen
   * device cookie must not outlive the password).
   */
  issueDevice(userId: number, passwordHash: string, now?: Date): Promise<DeviceToken>;
  /**
   * The user and nonce of a valid device token; null for a forged, expired or malformed one (never
   * throws). With `passwordHash` (the account's current one) also null when the token was issued
   * under another password of that account.
   */
  verifyDevice(token: string, passwordHash?: string): Promise<DeviceToken | null>;
}

/** What a device token says: the account it was issued to after a successful sign-in, and its own nonce. */
export interface DeviceToken {
  token: string;
  userId: number;
  nonce: string;
}

/** How long a device token (and its cookie) stays valid, days; each successful sign-in issues a new one. */
export const DEVICE_TOKEN_TTL_DAYS = 365;
const DEVICE_AUDIENCE = 'servicedesk:device';

/**
 * Most memory the verified tokens of {@link createTokenService} may take, in bytes (issue #19:
 * caches sized in bytes, not entries): each counts 2 bytes per character of the token (a string
 * in V8) plus {@link VERIFIED_TOKEN_ENTRY_OVERHEAD_BYTES}. 4 MiB ≈ 7,500 of our ~200-character tokens,
 * whatever length a caller sends.
 */
export const VERIFIED_TOKEN_CACHE_MAX_BYTES = 4 * 1024 * 1024;
/** What one cached token costs besides its characters: the {id, expiresAtMs} object and the cache's bookkeeping, bytes. */
export const VERIFIED_TOKEN_ENTRY_OVERHEAD_BYTES = 160;

/**
 * A token service signing with `secret`; `issue` gives tokens valid `ttlMinutes`.
 *
 * `verify` remembers the tokens whose signature it checked (up to
 * {@link VERIFIED_TOKEN_CACHE_MAX_BYTES}, least recently used dropped) with their user, session and
 * expiry: a token's signature and claims never change, so the same string is answered without
 * checking the HMAC again — but its expiry is compared with the clock on every call. A token
 * without `exp` or `jti` is refused (issue #20). Revocation is not a signature matter: the auth
 * guard reads the session row with the user on every call, and `forget` drops a revoked
 * session's entries (every instance is told over Redis pub/sub, lib/session-events.ts).
 */
export function createTokenService(secret: Uint8Array, ttlMinutes: number): TokenService {
  const verified = new LRUCache<string, VerifiedToken & { expiresAtMs: number }>({
    maxSize: VERIFIED_TOKEN_CACHE_MAX_BYTES,
    sizeCalculation: (_value, token) => token.length * 2 + VERIFIED_TOKEN_ENTRY_OVERHEAD_BYTES,
  });
  // A key of its own for device tokens (HMAC of the secret with a fixed label), so the two kinds never pass for each other.
  const deviceKey = createHmac('sha256', secret).update('servicedesk device cookie v1').digest();
  /** The `crd` claim of `userId`'s device tokens while their password hash is `passwordHash` (22 characters). */
  const credentialOf = (userId: number, passwordHash: string) =>
    createHmac('sha256', deviceKey).update(`credential\0${userId}\0${passwordHash}`).digest('base64url').slice(0, 22);
  const issueUntil = async (userId: number, sessionId: string, expiresAt: Date, issuedAt = new Date()) => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
    return { token, expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000) };
  };
  return {
    issueUntil,
    issue: (userId, sessionId, now = new Date()) =>
      issueUntil(userId, sessionId, new Date(now.getTime() + ttlMinutes * 60_000), now),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        throw unauthorized('tokenExpired', 'The session has expired.');
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] });
        const userId = Number(payload.sub);
        const sessionId = payload.jti;
        if (!Number.isInteger(userId) || userId <= 0 || typeof sessionId !== 'string' || sessionId === '' || payload.exp === undefined) {
          throw unauthorized('invalidToken', 'The token is not valid.');
        }
        verified.set(token, { userId, sessionId, expiresAtMs: payload.exp * 1000 });
        return { userId, sessionId };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('tokenExpired', 'The session has expired.');
        if (error instanceof Error && error.name === 'AppError') throw error;
        throw unauthorized('invalidToken', 'The token is not valid.');
      }
    },
    async issueDevice(userId, passwordHash, now = new Date()) {
      const nonce = randomBytes(16).toString('base64url');
      const token = await new SignJWT({ crd: credentialOf(userId, passwordHash) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(nonce)
        .setAudience(DEVICE_AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + DEVICE_TOKEN_TTL_DAYS * 86_400)
        .sign(deviceKey);
      return { token, userId, nonce };
    },
    async verifyDevice(token, passwordHash) {
      try {
        const { payload } = await jwtVerify(token, deviceKey, { algorithms: ['HS256'], audience: DEVICE_AUDIENCE, requiredClaims: ['exp', 'jti', 'sub', 'crd'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0 || typeof payload.jti !== 'string' || payload.jti === '') return null;
        if (passwordHash !== undefined && payload.crd !== credentialOf(userId, passwordHash)) return null;
        return { token, userId, nonce: payload.jti };
      } catch {
        return null;
      }
    },
    forget(sessionIds) {
      if (sessionIds.length === 0) return;
      const dropped = new Set(sessionIds);
      for (const [token, entry] of verified.entries()) if (dropped.has(entry.sessionId)) verified.delete(token);
    },
  };
}
