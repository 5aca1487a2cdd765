import type { IncomingMessage, Server } from 'node:http';

/*
 * REALTIME.md item 16: the browser client puts the session token in the WebSocket URL
 * (`?access_token=…`, browsers cannot set headers on a WebSocket). Before Fastify sees a request
 * — and logs its URL — the token is moved out of the URL into a side table, so no log line,
 * error report or request object ever carries it.
 */

const tokens = new WeakMap<IncomingMessage, string>();
const ACCESS_TOKEN = /([?&])access_token=([^&#]*)/;

/** What replaces the token's value in the URL. */
export const REDACTED = '[redacted]';

/** Moves `access_token` out of `req.url`; the hub reads it back with {@link takeAccessToken}. */
export function redactAccessToken(req: IncomingMessage): void {
  const url = req.url;
  if (!url || !url.includes('access_token=')) return;
  const match = ACCESS_TOKEN.exec(url);
  if (!match) return;
  const value = match[2] ?? '';
  if (value === REDACTED) return;
  try {
    tokens.set(req, decodeURIComponent(value));
  } catch {
    tokens.set(req, value);
  }
  req.url = url.replace(ACCESS_TOKEN, `$1access_token=${REDACTED}`);
}

/** The access token that came in the URL of this request, if any. */
export function takeAccessToken(req: IncomingMessage): string | undefined {
  return tokens.get(req);
}

/** Redacts every request and upgrade of `server` before any other listener (Fastify's) runs. */
export function installAccessTokenRedaction(server: Server): void {
  server.prependListener('request', redactAccessToken);
  server.prependListener('upgrade', redactAccessToken);
}
