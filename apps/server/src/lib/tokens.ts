import { SignJWT, errors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from './errors';

/** A signed bearer token and the instant it stops being accepted. */
export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Issues and checks the HS256 JWTs of SPEC §4 "Session" (sub = user id). */
export interface TokenService {
  issue(userId: number, now?: Date): Promise<IssuedToken>;
  /** Signs a token with an explicit expiry (tests use a past one to get an expired token). */
  issueUntil(userId: number, expiresAt: Date, issuedAt?: Date): Promise<IssuedToken>;
  /**
   * Returns the user id of a valid token. Throws a 401 AppError with code `tokenExpired` for an
   * expired token and `invalidToken` for anything else (bad signature, malformed, wrong alg).
   */
  verify(token: string): Promise<number>;
}

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
 * {@link VERIFIED_TOKEN_CACHE_MAX_BYTES}, least recently used dropped) with their user id and expiry:
 * a token's signature and claims never change, so the same string is answered without checking
 * the HMAC again — but its expiry is compared with the clock on every call. Deactivation is not
 * a token matter: the auth guard reads the user on every call.
 */
export function createTokenService(secret: Uint8Array, ttlMinutes: number): TokenService {
  const verified = new LRUCache<string, { id: number; expiresAtMs: number }>({
    maxSize: VERIFIED_TOKEN_CACHE_MAX_BYTES,
    sizeCalculation: (_value, token) => token.length * 2 + VERIFIED_TOKEN_ENTRY_OVERHEAD_BYTES,
  });
  const issueUntil = async (userId: number, expiresAt: Date, issuedAt = new Date()) => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
    return { token, expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000) };
  };
  return {
    issueUntil,
    issue: (userId, now = new Date()) => issueUntil(userId, new Date(now.getTime() + ttlMinutes * 60_000), now),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.id;
        verified.delete(token);
        throw unauthorized('tokenExpired', 'The session has expired.');
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        if (!Number.isInteger(id) || id <= 0) throw unauthorized('invalidToken', 'The token is not valid.');
        // Our tokens always carry exp; one without it (never issued here) would stay valid, as in jose.
        verified.set(token, { id, expiresAtMs: payload.exp === undefined ? Number.POSITIVE_INFINITY : payload.exp * 1000 });
        return id;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('tokenExpired', 'The session has expired.');
        if (error instanceof Error && error.name === 'AppError') throw error;
        throw unauthorized('invalidToken', 'The token is not valid.');
      }
    },
  };
}
