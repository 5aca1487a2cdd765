import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { t, type Lang } from './i18n';

/** The password of every seeded demo user (team brief, DOMAIN.md "Demo data"). */
export const DEMO_PASSWORD = 'Demo1234';

/**
 * Seeded demo users. Each spec file signs in as its OWN user, so specs that change a user's
 * language, phone or session never disturb each other (even with two workers).
 */
export const demoUsers = {
  admin: 'admin@servicedesk.az',
  employee: 'employee@servicedesk.az',
  lead: 'lead@servicedesk.az',
  executor: 'executor@servicedesk.az',
  director: 'director@servicedesk.az',
  visapool: 'visapool@servicedesk.az',
  lawyer: 'lawyer@servicedesk.az',
  clerk: 'clerk@servicedesk.az',
  accountant: 'accountant@servicedesk.az',
  warehouse: 'warehouse@servicedesk.az',
} as const;

/**
 * The browser-storage keys of apps/web/src/session/storage.ts (SPEC §3 "Browser-stored keys",
 * namespaced `sd.`). Keep in step with the web app: a spec that plants a session writes these.
 * tokenExpiry and countdownEnd hold epoch milliseconds as strings; user holds SessionUser JSON.
 */
export const storageKeys = {
  token: 'sd.token',
  tokenExpiry: 'sd.tokenExpiry',
  user: 'sd.user',
  language: 'sd.language',
  theme: 'sd.theme',
  countdownEnd: 'sd.logoutCountdownEnd',
} as const;

/** The answer of POST /api/auth/login (packages/contracts/src/auth.ts `loginResponse`). */
export interface LoginAnswer {
  token: string;
  expiresAt: string;
  user: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    imgPath: string | null;
    language: Lang;
    theme: 'light' | 'dark';
    userTypeId: number;
    userTypeName: string;
  };
}

/** Signs in through the API (no browser) and returns the token, its expiry and the user. */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<LoginAnswer> {
  const response = await request.post('/api/auth/login', {
    data: { email, password, latitude: null, longitude: null },
  });
  expect(response.status(), `login of ${email}: ${await response.text()}`).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/** A page of the app's origin that does not boot the app, for writing its local storage. */
const BLANK_SAME_ORIGIN = '/robots.txt';

/**
 * Plants a session in local storage exactly as the web app stores it after a login (token,
 * expiry, user info; no countdown), without going through the login form. `expiresAt` lets a
 * spec pretend the token expires sooner (or has expired) than the server's real expiry.
 * Leaves the page on a bare same-origin page: navigate to the screen under test next.
 */
export async function plantSession(page: Page, login: LoginAnswer, options: { expiresAt?: Date } = {}): Promise<void> {
  await page.goto(BLANK_SAME_ORIGIN);
  await page.evaluate(
    ({ keys, token, expiry, user }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.tokenExpiry, expiry);
      localStorage.setItem(keys.user, JSON.stringify(user));
      localStorage.removeItem(keys.countdownEnd);
    },
    {
      keys: storageKeys,
      token: login.token,
      // apps/web/src/session/storage.ts stores the expiry as epoch milliseconds.
      expiry: String((options.expiresAt ?? new Date(login.expiresAt)).getTime()),
      user: login.user,
    },
  );
}

/** Signs in through the API and plants the session in the page (see `plantSession`). */
export async function signInViaApi(page: Page, email: string, options: { expiresAt?: Date } = {}): Promise<LoginAnswer> {
  const login = await apiLogin(page.request, email);
  await plantSession(page, login, options);
  return login;
}

/**
 * A text field by its accessible name. (Not getByLabel: a required field's <label> also holds
 * the visual asterisk, which the accessible name rightly leaves out.)
 */
export function textField(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** The login form's fields and button, by their accessible names in `lang`. */
export function loginForm(page: Page, lang: Lang = 'az') {
  return {
    email: textField(page, t(lang, 'auth.login.email')),
    password: textField(page, t(lang, 'auth.login.password')),
    submit: page.getByRole('button', { name: t(lang, 'auth.login.submit') }),
  };
}

/** Fills and sends the login form at /auth/login (already opened or opened here). */
export async function signInViaUi(page: Page, email: string, password = DEMO_PASSWORD, lang: Lang = 'az'): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  const form = loginForm(page, lang);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Reads one of the web app's local-storage entries (null when absent). */
export async function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/**
 * A new browser context signed in as `login` (the session planted in its storage; the phone prompt
 * marked as shown), in az, Asia/Baku, 1280×800 unless `options` say otherwise (Playwright's context
 * options: a taller viewport, downloads, service workers) — one per user of a multi-user spec.
 * `options.cookies` are set before the first request (the cluster spec pins a browser to one
 * instance with the balancer's `sd_instance` cookie); `options.errors` collects every uncaught
 * page error of the context's pages (`<url>: <message>`) for specs outside the `test` fixture.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  login: LoginAnswer,
  options: BrowserContextOptions & { cookies?: { name: string; value: string }[]; errors?: string[] } = {},
): Promise<BrowserContext> {
  const { cookies = [], errors, ...contextOptions } = options;
  // Service workers blocked as in playwright.config.ts `use` (which browser.newContext does not
  // inherit): each context installing ngsw-worker.js precaches the whole build (~330 files), and
  // four contexts doing it at once starved the server's API answers (helpdesk.spec.ts timeouts).
  const context = await browser.newContext({ baseURL, locale: 'az-AZ', timezoneId: 'Asia/Baku', viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...contextOptions });
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  if (errors) context.on('page', (page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`)));
  await context.addInitScript(() => {
    try {
      sessionStorage.setItem('sd.phonePromptShown', '1');
    } catch {
      // about:blank
    }
  });
  const page = await context.newPage();
  await plantSession(page, login);
  await page.close();
  return context;
}
