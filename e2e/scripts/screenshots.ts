/**
 * Writes the README/docs screenshots (not a test):
 *   docs/screenshots/{login,dashboard-light,dashboard-dark,dashboard-en,dashboard-narrow,not-found}.png
 *
 * Usage (from the repo root, web app built):
 *   node node_modules/tsx/dist/cli.mjs e2e/scripts/screenshots.ts
 * starts its own server on a fresh data dir (e2e/scripts/start-server.mjs, port 8090) and stops
 * it afterwards; with BASE_URL=http://localhost:8080 it uses a server that is already running.
 * Chromium: CHROMIUM_PATH (default /usr/bin/chromium), never a downloaded browser.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../..');
const outDir = join(repo, 'docs/screenshots');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const EMAIL = 'admin@servicedesk.az';
const PASSWORD = 'Demo1234';

/** Polls `url` until it answers (any HTTP status below 500) or `timeoutMs` passes. */
async function waitForServer(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500)); // the poll's interval: the wait is for the answer above
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}

interface Login {
  token: string;
  expiresAt: string;
  user: Record<string, unknown>;
}

async function apiLogin(baseUrl: string): Promise<Login> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, latitude: null, longitude: null }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Login;
}

/** Opens `path` with the given session/theme/language planted in local storage (sd.* keys). */
async function open(
  page: Page,
  baseUrl: string,
  path: string,
  opts: { login?: Login; theme?: 'light' | 'dark'; language?: string },
): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(
    ({ login, theme, language }) => {
      localStorage.clear();
      if (login) {
        localStorage.setItem('sd.token', login.token);
        localStorage.setItem('sd.tokenExpiry', String(Date.parse(login.expiresAt)));
        localStorage.setItem('sd.user', JSON.stringify(language ? { ...login.user, language } : login.user));
      }
      if (theme) localStorage.setItem('sd.theme', theme);
      if (language) localStorage.setItem('sd.language', language);
    },
    { login: opts.login ?? null, theme: opts.theme ?? null, language: opts.language ?? null },
  );
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Settled: no finite animation or transition still running (spinners are infinite and left alone).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function shoot(browser: Browser, baseUrl: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const login = await apiLogin(baseUrl);
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'az-AZ' });
  const page = await desktop.newPage();

  const shots: Array<[string, string, Parameters<typeof open>[3]]> = [
    ['login', '/auth/login', { theme: 'light' }],
    ['dashboard-light', '/home/dashboard', { login, theme: 'light' }],
    ['dashboard-dark', '/home/dashboard', { login, theme: 'dark' }],
    ['dashboard-en', '/home/dashboard', { login, theme: 'light', language: 'en' }],
    ['not-found', '/no/such/page', { theme: 'light' }],
  ];
  for (const [name, path, opts] of shots) {
    await open(page, baseUrl, path, opts);
    await page.screenshot({ path: join(outDir, `${name}.png`) });
    console.log(`wrote docs/screenshots/${name}.png (${page.url()})`);
  }
  await desktop.close();

  const narrow = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'az-AZ' });
  const phone = await narrow.newPage();
  await open(phone, baseUrl, '/home/dashboard', { login, theme: 'light' });
  await phone.screenshot({ path: join(outDir, 'dashboard-narrow.png') });
  console.log(`wrote docs/screenshots/dashboard-narrow.png (${phone.url()})`);
  await narrow.close();
}

async function main(): Promise<void> {
  let server: ChildProcess | null = null;
  let baseUrl = process.env.BASE_URL?.replace(/\/$/, '');
  if (!baseUrl) {
    const port = process.env.PORT ?? '8090';
    baseUrl = `http://localhost:${port}`;
    server = spawn(process.execPath, [join(here, 'start-server.mjs')], {
      env: { ...process.env, PORT: port },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  try {
    await waitForServer(`${baseUrl}/api/auth/systemHasLdap`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      await shoot(browser, baseUrl);
    } finally {
      await browser.close();
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
