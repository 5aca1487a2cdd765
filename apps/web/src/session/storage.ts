import {
  defaultLanguage,
  isLanguageCode,
  isThemeName,
  type LanguageCode,
  type SessionUser,
  type ThemeName,
} from '@servicedesk/contracts';

/**
 * Every browser-stored key of the app (SPEC §3 "Browser-stored keys"), namespaced `sd.`.
 * The rest of the app reads and writes local storage only through this module.
 */
export const storageKeys = {
  language: 'sd.language',
  token: 'sd.token',
  /** The token's expiry as epoch milliseconds (string). */
  tokenExpiry: 'sd.tokenExpiry',
  /** JSON of the contracts' SessionUser. */
  user: 'sd.user',
  listCache: 'sd.listCache',
  /** The logout countdown's END time, epoch milliseconds (SPEC §4 "Warning"). */
  logoutCountdownEnd: 'sd.logoutCountdownEnd',
  theme: 'sd.theme',
  tableFilters: 'sd.tableFilters',
  /** Ours: the sidebar's width in px and whether it is collapsed, JSON. */
  sidebar: 'sd.sidebar',
} as const;

export type StorageKey = keyof typeof storageKeys;

function read(key: StorageKey): string | null {
  try {
    return localStorage.getItem(storageKeys[key]);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(storageKeys[key]);
    else localStorage.setItem(storageKeys[key], value);
  } catch {
    // Storage may be full or disabled (private mode); the app keeps working for this page.
  }
}

function readNumber(key: StorageKey): number | null {
  const raw = read(key);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * The stored user read back (contracts `sessionUser`: the same fields and types, other keys
 * dropped), or null when it is not one. Checked by hand rather than with the schema so the first
 * paint needs no zod (issue #19); storage.test.ts holds it to `sessionUser.safeParse`.
 */
export function readSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const u = value as Record<keyof SessionUser, unknown>;
  if (!isInt(u.id) || !isInt(u.userTypeId) || !isString(u.firstName) || !isString(u.lastName) || !isString(u.email)) return null;
  if (!isString(u.userTypeName) || !(u.imgPath === null || isString(u.imgPath))) return null;
  if (!isLanguageCode(u.language) || !isThemeName(u.theme)) return null;
  const { id, firstName, lastName, email, imgPath, language, theme, userTypeId, userTypeName } = u;
  return { id, firstName, lastName, email, imgPath, language, theme, userTypeId, userTypeName };
}

/** Typed access to the `sd.` keys. Missing or malformed values read as null / the default. */
export const storage = {
  getToken: (): string | null => read('token'),
  /** Token expiry in epoch ms, or null when none is stored. */
  getTokenExpiry: (): number | null => readNumber('tokenExpiry'),
  getUser(): SessionUser | null {
    const raw = read('user');
    if (!raw) return null;
    try {
      return readSessionUser(JSON.parse(raw));
    } catch {
      return null;
    }
  },
  /** Stores the token, its expiry (ISO instant or epoch ms) and the user after a login. */
  setSession(token: string, expiresAt: string | number, user: SessionUser): void {
    const expiry = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
    write('token', token);
    write('tokenExpiry', String(expiry));
    write('user', JSON.stringify(user));
  },
  setUser(user: SessionUser): void {
    write('user', JSON.stringify(user));
  },
  /** Removes what SPEC §4 "Logout" removes: token, expiry, user info and the countdown. */
  clearSession(): void {
    write('token', null);
    write('tokenExpiry', null);
    write('user', null);
    write('logoutCountdownEnd', null);
  },
  /** The logout countdown's end time in epoch ms, or null when none is running. */
  getCountdownEnd: (): number | null => readNumber('logoutCountdownEnd'),
  setCountdownEnd(endMs: number | null): void {
    write('logoutCountdownEnd', endMs === null ? null : String(endMs));
  },
  /** The interface language; az (SPEC §9) when none or an unknown one is stored. */
  getLanguage(): LanguageCode {
    const code = read('language');
    return isLanguageCode(code) ? code : defaultLanguage;
  },
  /** Whether this browser has a language choice of its own (else the user's server-side choice applies at login). */
  hasLanguage: (): boolean => isLanguageCode(read('language')),
  setLanguage(code: LanguageCode): void {
    write('language', code);
  },
  /** The site theme; light (SPEC §9) by default. */
  getTheme(): ThemeName {
    const theme = read('theme');
    return isThemeName(theme) ? theme : 'light';
  },
  setTheme(theme: ThemeName): void {
    write('theme', theme);
  },
  /** A JSON value under one of the cache keys (listCache, tableFilters), keyed by `name`. */
  getCached<T>(key: 'listCache' | 'tableFilters', name: string): T | null {
    try {
      const all = JSON.parse(read(key) ?? '{}') as Record<string, T>;
      return all[name] ?? null;
    } catch {
      return null;
    }
  },
  setCached<T>(key: 'listCache' | 'tableFilters', name: string, value: T | null): void {
    let all: Record<string, unknown> = {};
    try {
      all = JSON.parse(read(key) ?? '{}') as Record<string, unknown>;
    } catch {
      all = {};
    }
    if (value === null) delete all[name];
    else all[name] = value;
    write(key, JSON.stringify(all));
  },
  /** The sidebar layout the user chose (width in CSS px, collapsed). */
  getSidebar(): { width: number | null; collapsed: boolean } {
    try {
      const v = JSON.parse(read('sidebar') ?? '{}') as { width?: unknown; collapsed?: unknown };
      return {
        width: typeof v.width === 'number' && Number.isFinite(v.width) ? v.width : null,
        collapsed: v.collapsed === true,
      };
    } catch {
      return { width: null, collapsed: false };
    }
  },
  setSidebar(value: { width: number | null; collapsed: boolean }): void {
    write('sidebar', JSON.stringify(value));
  },
};

/** Session state at `now` (SPEC §4 "Session"): active while a token exists and its expiry lies ahead. */
export type SessionState = 'active' | 'expired' | 'none';

export function sessionState(now: number = Date.now()): SessionState {
  const token = storage.getToken();
  if (!token) return 'none';
  const expiry = storage.getTokenExpiry();
  if (expiry === null || expiry <= now) return 'expired';
  return 'active';
}

/** True when the stored expiry has passed (used to pick sessionHasExpired over unauthorized, SPEC §8). */
export function isTokenExpired(now: number = Date.now()): boolean {
  const expiry = storage.getTokenExpiry();
  return expiry !== null && expiry <= now;
}
