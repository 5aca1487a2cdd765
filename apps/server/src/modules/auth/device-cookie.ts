import { DEVICE_TOKEN_TTL_DAYS } from '../../lib/tokens';

/*
 * The sign-in device cookie (issue #42; OWASP Cheat Sheet "Blocking Brute Force Attacks", device
 * cookies): after a successful sign-in the browser keeps a signed token naming the account
 * (lib/tokens.ts issueDevice). A later sign-in to that account from that browser is a "known
 * device": the per-address limit does not hold it back (auth.service login). One cookie carries
 * the tokens of the last few accounts signed in on that browser (a shared front-desk PC), newest
 * first, joined by `~` (not a character of a JWT or a cookie separator).
 */

/** Name of the cookie. */
export const DEVICE_COOKIE_NAME = 'sd_device';
/** The cookie goes only to the sign-in calls (nothing else reads it). */
export const DEVICE_COOKIE_PATH = '/api/auth';
/** Accounts one browser remembers; the oldest drops out beyond. */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;
/** A token longer than this is not one of ours (ours are ~190 characters); it is ignored unread. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The device tokens a request's `Cookie` header carries (every `sd_device` cookie, split at `~`),
 * at most {@link DEVICE_COOKIE_MAX_ACCOUNTS} × 2 and each at most 512 characters — they are
 * checked by signature afterwards, this only bounds the work. [] when there is none.
 */
export function deviceTokensOf(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const tokens: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE_NAME) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    for (const token of value.split('~')) if (token !== '' && token.length <= MAX_TOKEN_LENGTH) tokens.push(token);
  }
  return tokens.slice(0, DEVICE_COOKIE_MAX_ACCOUNTS * 2);
}

/**
 * The `Set-Cookie` value keeping `tokens` (newest first): HttpOnly (no script reads it),
 * SameSite=Lax, Path=/api/auth, Max-Age of a device token's lifetime ({@link DEVICE_TOKEN_TTL_DAYS}
 * days), and Secure when the sign-in came over https (`request.protocol`, which honours
 * X-Forwarded-Proto behind TRUST_PROXY) — a plain-http install (localhost) would never get it back
 * otherwise.
 */
export function deviceCookieHeader(tokens: readonly string[], secure: boolean): string {
  const value = tokens.slice(0, DEVICE_COOKIE_MAX_ACCOUNTS).join('~');
  return [
    `${DEVICE_COOKIE_NAME}=${value}`,
    `Max-Age=${DEVICE_TOKEN_TTL_DAYS * 86_400}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
