import { sessionState, storage, type SessionState } from './storage';

/** SPEC §9: the warning appears when the token expires in 15 minutes or less. */
export const WARNING_THRESHOLD_MS = 15 * 60 * 1000;
/** SPEC §9: the logout countdown started by the warning lasts 30 s. */
export const LOGOUT_COUNTDOWN_MS = 30 * 1000;

/** The only cross-tab message the session sends or reacts to (SPEC §4 "Cross-tab messages"). */
export interface LogoutMessage {
  type: 'logout';
}

/** What the session needs from the cross-tab bus (@servicedesk/realtime createCrossTabBus). */
export interface SessionBus {
  post(message: LogoutMessage): void;
  /** Calls `handler` for every message from OTHER tabs; returns the unsubscribe function. */
  subscribe(handler: (message: { type: string }) => void): () => void;
}

/** The toasts the session shows (SPEC §8); values are the spec's own i18n keys in common.json. */
export type SessionToast = 'sessionHasExpired' | 'unauthorized';

export interface SessionControllerDeps {
  /** Client-side navigation (react-router's router.navigate, or window.location in a pinch). */
  navigate(to: string): void;
  /** The current in-app URL (path + search + hash), used as the returnUrl. */
  currentUrl(): string;
  /** Shows an error toast with the given i18n key. */
  notify(key: SessionToast): void;
  bus?: SessionBus;
  /** Runs after the stored session was cleared (drop cached queries, disconnect the chat). */
  onCleared?(): void;
  /**
   * Ends the session on the server (POST /api/auth/logout, issue #20) — called by a logout of
   * this tab while the token is still stored, before the browser's session is cleared; must read
   * the token at once (it is gone right after).
   */
  endServerSession?(): void;
  now?(): number;
}

export interface LogoutOptions {
  /** Where to come back after the next login; the current URL by default. */
  returnUrl?: string;
  /** Adds bypassGuard=true to the login URL (after the countdown ends, SPEC §2). */
  bypassGuard?: boolean;
  /** Tell the other tabs (default true; false when reacting to another tab's logout). */
  broadcast?: boolean;
  /** An error toast to show. */
  toast?: SessionToast;
}

/** Builds /auth/login?returnUrl=...[&bypassGuard=true]; auth pages are never a return target. */
export function loginUrl(returnUrl?: string | null, bypassGuard = false): string {
  const params = new URLSearchParams();
  if (bypassGuard) params.set('bypassGuard', 'true');
  if (returnUrl && isSafeReturnUrl(returnUrl) && !returnUrl.startsWith('/auth')) params.set('returnUrl', returnUrl);
  const q = params.toString();
  return q ? `/auth/login?${q}` : '/auth/login';
}

/** Only same-origin, absolute paths are followed after login (no open redirect). */
export function isSafeReturnUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Where to go after a successful login (SPEC §2): a safe returnUrl outside /auth, else the dashboard. */
export function afterLoginTarget(returnUrl: string | null): string {
  return returnUrl && isSafeReturnUrl(returnUrl) && !returnUrl.startsWith('/auth') ? returnUrl : '/home/dashboard';
}

/**
 * The rule of /auth/login (SPEC §2): a visitor whose stored session is still active is sent on
 * to {@link afterLoginTarget} of its returnUrl, unless bypassGuard=true (sent after the countdown
 * ended); everyone else gets the form. `search` is the URL's query string (with or without '?').
 * @returns the URL to redirect to, or null to show the login form
 */
export function loginRedirect(search: string, state: SessionState = sessionState()): string | null {
  const params = new URLSearchParams(search);
  if (params.get('bypassGuard') === 'true' || state !== 'active') return null;
  return afterLoginTarget(params.get('returnUrl'));
}

export interface SessionController {
  /**
   * SPEC §4 "Logout": ends the session on the server (issue #20), clears token, expiry, user and
   * countdown, tells other tabs, goes to login.
   */
  logout(options?: LogoutOptions): void;
  /**
   * SPEC §4 "Guard": null when the session is active; otherwise logs out (toast
   * sessionHasExpired when the token had expired) and returns the login URL to redirect to.
   */
  guard(currentUrl: string): string | null;
  /** SPEC §8 HTTP 401: toast sessionHasExpired if the stored expiry passed, else unauthorized; then logout. */
  handleUnauthorized(info: { expired: boolean }): void;
  /** Stops listening to the cross-tab bus. */
  dispose(): void;
}

/** Creates the app's one session controller; the router, api client and layouts share it. */
export function createSessionController(deps: SessionControllerDeps): SessionController {
  const now = () => (deps.now ? deps.now() : Date.now());
  let handling401 = false;

  function clear(broadcast: boolean) {
    storage.clearSession();
    deps.onCleared?.();
    if (broadcast) deps.bus?.post({ type: 'logout' });
  }

  function logout(options: LogoutOptions = {}) {
    const current = deps.currentUrl();
    // A logout of this tab (not another tab's, not a 401: that token is already refused) ends
    // the session on the server first (issue #20).
    if ((options.broadcast ?? true) && !options.toast && storage.getToken() !== null) deps.endServerSession?.();
    clear(options.broadcast ?? true);
    if (options.toast) deps.notify(options.toast);
    // A tab already on an auth page stays there (another tab's logout must not bounce it).
    if (current.startsWith('/auth') && !options.bypassGuard) return;
    deps.navigate(loginUrl(options.returnUrl ?? current, options.bypassGuard ?? false));
  }

  const unsubscribe = deps.bus?.subscribe((message) => {
    if (message.type === 'logout') logout({ broadcast: false });
  });

  return {
    logout,
    guard(currentUrl) {
      const state = sessionState(now());
      if (state === 'active') return null;
      if (state === 'expired') {
        clear(true);
        deps.notify('sessionHasExpired');
      } else {
        clear(false);
      }
      return loginUrl(currentUrl);
    },
    handleUnauthorized({ expired }) {
      // Parallel requests failing together produce one toast and one navigation; a 401 after
      // the session is already gone (a request that was in flight) changes nothing.
      if (handling401 || storage.getToken() === null) return;
      handling401 = true;
      try {
        logout({ toast: expired ? 'sessionHasExpired' : 'unauthorized' });
      } finally {
        queueMicrotask(() => {
          handling401 = false;
        });
      }
    },
    dispose() {
      unsubscribe?.();
    },
  };
}

/** Where the session stands for the expiry watcher at `now` (pure; see useSessionExpiry). */
export type ExpiryPhase =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'ok'; sessionRemainingMs: number }
  | { kind: 'warning'; sessionRemainingMs: number }
  | { kind: 'countdown'; sessionRemainingMs: number; countdownRemainingMs: number }
  | { kind: 'countdownOver' };

/**
 * SPEC §4 "Warning": a stored countdown wins (it survives reloads and is shared by tabs);
 * otherwise 15 minutes or less before expiry is the warning phase.
 */
export function expiryPhase(now: number = Date.now()): ExpiryPhase {
  const state = sessionState(now);
  const end = storage.getCountdownEnd();
  if (state === 'none') return { kind: 'none' };
  const expiry = storage.getTokenExpiry() ?? now;
  if (end !== null) {
    if (end <= now) return { kind: 'countdownOver' };
    return { kind: 'countdown', sessionRemainingMs: Math.max(0, expiry - now), countdownRemainingMs: end - now };
  }
  if (state === 'expired') return { kind: 'expired' };
  const remaining = expiry - now;
  if (remaining <= WARNING_THRESHOLD_MS) return { kind: 'warning', sessionRemainingMs: remaining };
  return { kind: 'ok', sessionRemainingMs: remaining };
}

/** Starts the 30 s logout countdown and stores its END time (SPEC §4), returning it. */
export function startLogoutCountdown(now: number = Date.now()): number {
  const existing = storage.getCountdownEnd();
  if (existing !== null && existing > now) return existing;
  const end = now + LOGOUT_COUNTDOWN_MS;
  storage.setCountdownEnd(end);
  return end;
}
