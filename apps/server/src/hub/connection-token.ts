import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The negotiate connection token (TransportProtocols.md "POST [endpoint-base]/negotiate"): the
 * client sends it back as `?id=` when it opens the WebSocket. It is HMAC-SHA256 signed with a
 * key derived from the JWT secret, so any instance sharing that secret accepts a token another
 * issued; it names the user and the connection id, expires after a few seconds and is
 * single-use (the caller records its connection id, cluster-wide with Redis).
 */

/** What a connection token carries. */
export interface ConnectionTokenClaims {
  /** The connection id the negotiate answer announced (also the single-use key). */
  connectionId: string;
  userId: number;
  /** Expiry, epoch ms. */
  expiresAt: number;
}

/** A new random connection id: 16 bytes, base64url (22 characters, like ASP.NET Core's). */
export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Signs and checks connection tokens with one key. */
export interface ConnectionTokens {
  issue(userId: number, connectionId: string, now?: number): string;
  /** The claims of a well-signed, unexpired token; null for anything else. Does not check reuse. */
  verify(token: string, now?: number): ConnectionTokenClaims | null;
}

/**
 * @param secret the app's JWT secret; the HMAC key is derived from it with a fixed label so a
 *   connection token can never pass for a session token (different format and key).
 * @param ttlMs lifetime of a token, ms (REALTIME.md: about 15 s), read at every issue.
 */
export function createConnectionTokens(secret: Uint8Array, ttlMs: () => number): ConnectionTokens {
  const key = createHmac('sha256', secret).update('servicedesk hub connection token v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    issue(userId, connectionId, now = Date.now()) {
      const body = Buffer.from(
        JSON.stringify({ c: connectionId, u: userId, e: now + ttlMs() }),
      ).toString('base64url');
      return `${body}.${sign(body).toString('base64url')}`;
    },
    verify(token, now = Date.now()) {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 512) return null;
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
          c?: unknown;
          u?: unknown;
          e?: unknown;
        };
        if (
          typeof claims.c !== 'string' ||
          !Number.isInteger(claims.u) ||
          typeof claims.e !== 'number'
        )
          return null;
        if (claims.e <= now) return null;
        return { connectionId: claims.c, userId: claims.u as number, expiresAt: claims.e };
      } catch {
        return null;
      }
    },
  };
}
