import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionController,
  expiryPhase,
  loginUrl,
  startLogoutCountdown,
  LOGOUT_COUNTDOWN_MS,
  WARNING_THRESHOLD_MS,
  type SessionBus,
  type SessionControllerDeps,
} from './session';
import { sessionState, storage, storageKeys } from './storage';

const user = {
  id: 1,
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  email: 'admin@servicedesk.az',
  imgPath: null,
  language: 'az' as const,
  theme: 'light' as const,
  userTypeId: 1,
  userTypeName: 'Administrator',
};

/** Two tabs' buses joined in memory: a message posted in one reaches only the other. */
function busPair(): [SessionBus, SessionBus] {
  const handlers: [Set<(m: { type: string }) => void>, Set<(m: { type: string }) => void>] = [new Set(), new Set()];
  const make = (mine: 0 | 1): SessionBus => ({
    post: (m) => handlers[mine === 0 ? 1 : 0].forEach((h) => h(m)),
    subscribe: (h) => {
      handlers[mine].add(h);
      return () => handlers[mine].delete(h);
    },
  });
  return [make(0), make(1)];
}

function deps(overrides: Partial<SessionControllerDeps> = {}) {
  return {
    navigate: vi.fn(),
    currentUrl: vi.fn(() => '/home/news?tab=1'),
    notify: vi.fn(),
    ...overrides,
  } satisfies SessionControllerDeps;
}

const NOW = Date.parse('2026-01-05T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('storage', () => {
  it('keeps every session value under an sd.-namespaced key', () => {
    storage.setSession('tkn', NOW + 60_000, user);
    storage.setCountdownEnd(NOW + 30_000);
    storage.setTheme('dark');
    storage.setLanguage('en');
    expect(Object.keys(localStorage).sort()).toEqual(
      ['sd.language', 'sd.logoutCountdownEnd', 'sd.theme', 'sd.token', 'sd.tokenExpiry', 'sd.user'].sort(),
    );
    expect(Object.values(storageKeys).every((k) => k.startsWith('sd.'))).toBe(true);
  });

  it('defaults to az and light and ignores garbage', () => {
    localStorage.setItem('sd.language', 'xx');
    localStorage.setItem('sd.theme', 'purple');
    localStorage.setItem('sd.user', '{not json');
    expect(storage.getLanguage()).toBe('az');
    expect(storage.getTheme()).toBe('light');
    expect(storage.getUser()).toBeNull();
  });

  it('reads the session as active, expired or none', () => {
    expect(sessionState()).toBe('none');
    storage.setSession('tkn', new Date(NOW + 1000).toISOString(), user);
    expect(sessionState()).toBe('active');
    vi.setSystemTime(NOW + 1000);
    expect(sessionState()).toBe('expired');
  });
});

describe('loginUrl', () => {
  it('carries the return URL and bypassGuard, but never returns to an auth page or another origin', () => {
    expect(loginUrl('/home/news?x=1')).toBe('/auth/login?returnUrl=%2Fhome%2Fnews%3Fx%3D1');
    expect(loginUrl('/home', true)).toBe('/auth/login?bypassGuard=true&returnUrl=%2Fhome');
    expect(loginUrl('/auth/login?returnUrl=x')).toBe('/auth/login');
    expect(loginUrl('//evil.example')).toBe('/auth/login');
  });
});

describe('guard', () => {
  it('lets an unexpired token through', () => {
    storage.setSession('tkn', NOW + 60_000, user);
    const d = deps();
    expect(createSessionController(d).guard('/home/dashboard')).toBeNull();
    expect(d.notify).not.toHaveBeenCalled();
  });

  it('sends a visitor without a token to login with the URL to come back to, without a toast', () => {
    const d = deps();
    expect(createSessionController(d).guard('/user/profile')).toBe('/auth/login?returnUrl=%2Fuser%2Fprofile');
    expect(d.notify).not.toHaveBeenCalled();
  });

  it('logs out an expired session with the sessionHasExpired toast and tells the other tabs', () => {
    const [mine, other] = busPair();
    const heard = vi.fn();
    other.subscribe(heard);
    storage.setSession('tkn', NOW - 1, user);
    const d = deps({ bus: mine });
    expect(createSessionController(d).guard('/home/dashboard')).toBe('/auth/login?returnUrl=%2Fhome%2Fdashboard');
    expect(d.notify).toHaveBeenCalledWith('sessionHasExpired');
    expect(storage.getToken()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(heard).toHaveBeenCalledWith({ type: 'logout' });
  });
});

describe('logout', () => {
  it('clears token, expiry, user and countdown but keeps theme and language', () => {
    storage.setSession('tkn', NOW + 60_000, user);
    storage.setCountdownEnd(NOW + 10_000);
    storage.setTheme('dark');
    storage.setLanguage('ru');
    const d = deps();
    createSessionController(d).logout();
    expect(localStorage.getItem('sd.token')).toBeNull();
    expect(localStorage.getItem('sd.tokenExpiry')).toBeNull();
    expect(localStorage.getItem('sd.user')).toBeNull();
    expect(localStorage.getItem('sd.logoutCountdownEnd')).toBeNull();
    expect(storage.getTheme()).toBe('dark');
    expect(storage.getLanguage()).toBe('ru');
    expect(d.navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2Fhome%2Fnews%3Ftab%3D1');
  });

  it('ends the session on the server before clearing it, only for a logout of this tab (issue #20)', () => {
    storage.setSession('tkn', NOW + 60_000, user);
    const tokenWhenCalled: (string | null)[] = [];
    const endServerSession = vi.fn(() => void tokenWhenCalled.push(storage.getToken()));
    const [busA, busB] = busPair();
    const a = deps({ bus: busA, endServerSession });
    const b = deps({ bus: busB, endServerSession: vi.fn() });
    createSessionController(a).logout();
    createSessionController(b);
    expect(tokenWhenCalled).toEqual(['tkn']);
    // A 401 (the server already refused the token) does not call it again.
    storage.setSession('tkn2', NOW + 60_000, user);
    createSessionController(deps({ endServerSession })).handleUnauthorized({ expired: false });
    expect(endServerSession).toHaveBeenCalledTimes(1);
    expect(b.endServerSession).not.toHaveBeenCalled();
  });

  it('in one tab logs out the other tab, which does not echo it back', () => {
    const [busA, busB] = busPair();
    const a = deps({ bus: busA });
    const b = deps({ bus: busB, currentUrl: () => '/user/profile' });
    const tabA = createSessionController(a);
    createSessionController(b);
    const heardByA = vi.fn();
    busA.subscribe(heardByA);
    storage.setSession('tkn', NOW + 60_000, user);
    tabA.logout();
    expect(b.navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2Fuser%2Fprofile');
    expect(heardByA).not.toHaveBeenCalled();
  });

  it('leaves a tab that is already on an auth page where it is', () => {
    const [busA, busB] = busPair();
    const tabA = createSessionController(deps({ bus: busA }));
    const b = deps({ bus: busB, currentUrl: () => '/auth/forgot-password' });
    createSessionController(b);
    tabA.logout();
    expect(b.navigate).not.toHaveBeenCalled();
  });
});

describe('401 handling', () => {
  it('toasts sessionHasExpired when the stored expiry passed, else unauthorized, and logs out once', async () => {
    const d = deps();
    const c = createSessionController(d);
    storage.setSession('tkn', NOW - 1, user);
    c.handleUnauthorized({ expired: true });
    c.handleUnauthorized({ expired: true });
    expect(d.notify).toHaveBeenCalledTimes(1);
    expect(d.notify).toHaveBeenCalledWith('sessionHasExpired');
    await Promise.resolve();
    // Already signed out: a late 401 changes nothing.
    c.handleUnauthorized({ expired: false });
    expect(d.notify).toHaveBeenCalledTimes(1);
    storage.setSession('tkn', NOW + 60_000, user);
    c.handleUnauthorized({ expired: false });
    expect(d.notify).toHaveBeenLastCalledWith('unauthorized');
    expect(d.navigate).toHaveBeenCalledTimes(2);
  });
});

describe('expiryPhase', () => {
  it('warns at 15 minutes or less before expiry, not before', () => {
    storage.setSession('tkn', NOW + WARNING_THRESHOLD_MS + 1000, user);
    expect(expiryPhase().kind).toBe('ok');
    vi.setSystemTime(NOW + 1000);
    expect(expiryPhase()).toEqual({ kind: 'warning', sessionRemainingMs: WARNING_THRESHOLD_MS });
  });

  it('stores the countdown END time, so the remaining time survives a reload', () => {
    storage.setSession('tkn', NOW + 10 * 60_000, user);
    const end = startLogoutCountdown();
    expect(end).toBe(NOW + LOGOUT_COUNTDOWN_MS);
    expect(localStorage.getItem('sd.logoutCountdownEnd')).toBe(String(NOW + LOGOUT_COUNTDOWN_MS));
    vi.setSystemTime(NOW + 12_000);
    // A second confirmation (e.g. another tab) does not restart it.
    expect(startLogoutCountdown()).toBe(end);
    expect(expiryPhase()).toMatchObject({ kind: 'countdown', countdownRemainingMs: 18_000 });
    vi.setSystemTime(NOW + LOGOUT_COUNTDOWN_MS);
    expect(expiryPhase().kind).toBe('countdownOver');
  });
});
