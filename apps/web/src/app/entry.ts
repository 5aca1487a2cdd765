import { loginRedirect } from '../session/session';
import type { SessionState } from '../session/storage';

/** The two ways the app starts (main.tsx): the light sign-in page alone, or the full app. */
export type Entry = 'sign-in' | 'app';

/**
 * Which entry a fresh page load starts (issue #19: the sign-in page loads ≤ 130 KB of JS, so it
 * comes without the data router and TanStack Query). 'sign-in' for /auth/login when the form is
 * to be shown — the same rule as the app's login route (`loginRedirect`: no active stored
 * session, or bypassGuard=true); 'app' for every other URL, and for /auth/login when a signed-in
 * user is to be sent on (the app's route does the redirect).
 * @param location the page's URL parts (window.location)
 * @param state the stored session's state (read from local storage by default)
 */
export function entryFor(location: Pick<Location, 'pathname' | 'search'>, state?: SessionState): Entry {
  const path = location.pathname.replace(/\/+$/, '');
  return path === '/auth/login' && loginRedirect(location.search, state) === null ? 'sign-in' : 'app';
}
