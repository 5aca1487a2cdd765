// Screenshots of the main screens for a human look: login, dashboard (light/dark, az/en,
// 390 px and 1280 px), profile, login history, a coming-soon page and 404.
// Usage: BASE_URL=http://localhost:8084 node scripts/screenshots.mjs [outDir]
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let violations = 0;

const base = process.env.BASE_URL ?? 'http://localhost:8084';
const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });

const res = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@servicedesk.az', password: 'Demo1234' }),
});
const login = await res.json();

async function shot(name, path, { width = 1280, height = 800, theme = 'light', lang = 'en', signedIn = true, fullPage = false, before } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([theme, lang, session]) => {
      if (sessionStorage.getItem('sd.init')) return;
      sessionStorage.setItem('sd.init', '1');
      localStorage.setItem('sd.theme', theme);
      localStorage.setItem('sd.language', lang);
      if (session) {
        localStorage.setItem('sd.token', session.token);
        localStorage.setItem('sd.tokenExpiry', String(Date.parse(session.expiresAt)));
        localStorage.setItem('sd.user', JSON.stringify({ ...session.user, language: lang }));
      }
    },
    [theme, lang, signedIn ? login : null],
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  page.on('console', (m) => m.type() === 'error' && console.error(`[${name}] console:`, m.text()));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (before) await before(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage });
  // A real-browser axe scan (colour contrast included) of what the screenshot shows.
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }));
  for (const v of result.violations) {
    violations += 1;
    console.error(`[${name}] axe ${v.id}: ${v.help}\n   ${v.nodes.map((n) => n.target.join(' ')).join('\n   ')}`);
  }
  console.log(`${name}: ${page.url()} (axe violations: ${result.violations.length})`);
  await context.close();
}

await shot('login-en', '/auth/login', { signedIn: false });
await shot('login-az-narrow', '/auth/login', { signedIn: false, lang: 'az', width: 390, height: 844 });
await shot('login-dark-ru', '/auth/login', { signedIn: false, theme: 'dark', lang: 'ru' });
await shot('profile-az-narrow', '/user/profile', { lang: 'az', width: 390, height: 844, fullPage: true });
await shot('login-history-en-narrow', '/user/login-history', { width: 390, height: 844 });
await shot('dashboard-light-en', '/home/dashboard');
await shot('dashboard-dark-az', '/home/dashboard', { theme: 'dark', lang: 'az' });
await shot('dashboard-light-az-narrow', '/home/dashboard', { lang: 'az', width: 390, height: 844 });
await shot('dashboard-dark-en-narrow-menu', '/home/dashboard', {
  theme: 'dark', width: 390, height: 844,
  before: (p) => p.getByRole('button', { name: 'Open menu' }).click(),
});
await shot('dashboard-collapsed-hover', '/home/helpdesk/requests', {
  before: async (p) => {
    await p.getByRole('button', { name: 'Collapse menu' }).click();
    await p.mouse.move(1000, 400);
    await p.waitForTimeout(300);
    await p.mouse.move(30, 300);
    await p.waitForTimeout(400);
  },
});
await shot('profile-en', '/user/profile', { fullPage: true });
await shot('login-history-dark-ru', '/user/login-history', { theme: 'dark', lang: 'ru' });
await shot('coming-soon-tr', '/home/finance/e-invoices', { lang: 'tr' });
await shot('user-menu-en', '/home/dashboard', { before: (p) => p.getByRole('button', { name: /^User menu/ }).click() });
await shot('not-found-en', '/no/such/page', { signedIn: false });
await shot('not-found-dark-az', '/no/such/page', { theme: 'dark', lang: 'az' });
await browser.close();
if (violations > 0) process.exitCode = 1;
