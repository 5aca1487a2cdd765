#!/usr/bin/env node
/**
 * Lighthouse (the npm package, on the system Chromium) on the built app with seeded data
 * (issue #19): sign-in, dashboard and the help-desk list, desktop and mobile.
 *
 * It starts the real server on a fresh data directory (e2e/scripts/start-server.mjs: PGlite,
 * migrated and seeded, serving apps/web/dist — build it first), signs in through the API as
 * `--user` (default admin@servicedesk.az), plants the session in the browser's local storage the
 * way the app stores it, and runs Lighthouse with storage kept (`disableStorageReset`) so the
 * signed-in pages are measured, not the redirect to the login. Every run is a **cold load**, as
 * Lighthouse's own storage reset makes it: before each, the origin's service worker and Cache
 * Storage and the browser's HTTP cache are cleared (only the session in local storage stays).
 * `--warm` keeps them instead: a returning visitor's load through the registered ngsw-worker.js.
 *
 *   npm run build -w @servicedesk/web
 *   node bench/lighthouse/run.mjs                 # port 8591; writes bench/lighthouse/results.json
 *   node bench/lighthouse/run.mjs --port 8592 --runs 3   # the median of 3 runs per page and form factor
 *   BASE_URL=http://localhost:8080 node bench/lighthouse/run.mjs   # against a server already running
 *   node bench/lighthouse/run.mjs --only list --reports /tmp/lh      # one page; full reports (JSON) kept
 *   node bench/lighthouse/run.mjs --form-factor mobile               # one form factor
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium) with the flags of TOOLCHAIN.md.
 * Figures: bench/lighthouse/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8591' },
    runs: { type: 'string', default: '1' },
    user: { type: 'string', default: 'admin@servicedesk.az' },
    // Only the pages whose name contains this (e.g. "list"); and a folder for the full reports.
    only: { type: 'string', default: '' },
    reports: { type: 'string', default: '' },
    // Keep the service worker and the caches between runs (a returning visitor) instead of cold loads.
    warm: { type: 'boolean', default: false },
    // Only this form factor ("desktop" or "mobile"); both by default.
    'form-factor': { type: 'string', default: '' },
  },
});

/** The Chromium flags of TOOLCHAIN.md (root user, closed network). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The pages measured: path, and whether a session is needed. */
const pages = [
  { name: 'sign-in', path: '/auth/login', signedIn: false },
  { name: 'dashboard', path: '/home/dashboard', signedIn: true },
  { name: 'help-desk list', path: '/home/helpdesk/requests', signedIn: true },
];

async function waitFor(url, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** Starts the e2e server on a fresh data dir, unless BASE_URL points at one already running. */
async function startServer() {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: async () => {} };
  const baseUrl = `http://127.0.0.1:${args.port}`;
  const child = spawn(process.execPath, [join(repo, 'e2e/scripts/start-server.mjs')], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: args.port, LOG_LEVEL: 'warn' },
  });
  await waitFor(`${baseUrl}/api/auth/systemHasLdap`);
  return {
    baseUrl,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** Signs in through the API; returns what the app stores in local storage after a login. */
async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234', latitude: null, longitude: null }),
  });
  if (!response.ok) throw new Error(`login of ${email}: ${response.status} ${await response.text()}`);
  const login = await response.json();
  return {
    'sd.token': login.token,
    'sd.tokenExpiry': String(new Date(login.expiresAt).getTime()),
    'sd.user': JSON.stringify(login.user),
  };
}

/**
 * Writes (or clears) the session in the browser's local storage for the app's origin; unless
 * `--warm`, first unregisters the origin's service worker and clears its Cache Storage and the
 * HTTP cache, so the run is a cold load.
 */
async function setSession(chromePort, baseUrl, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  if (!args.warm) {
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(session ?? {}));
  await page.close();
  await browser.disconnect();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results = [];
  try {
    const session = await signIn(server.baseUrl, args.user);
    for (const formFactor of ['desktop', 'mobile'].filter((f) => f.includes(args['form-factor']))) {
      for (const page of pages.filter((p) => p.name.includes(args.only))) {
        const runs = [];
        for (let i = 0; i < Number(args.runs); i++) {
          await setSession(chrome.port, server.baseUrl, page.signedIn ? session : null);
          const flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true };
          const config = formFactor === 'desktop' ? desktopConfig : undefined;
          const { lhr } = await lighthouse(`${server.baseUrl}${page.path}`, flags, config);
          if (!lhr.finalDisplayedUrl.includes(page.path)) throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}`);
          if (args.reports) {
            mkdirSync(args.reports, { recursive: true });
            writeFileSync(join(args.reports, `${formFactor}-${page.name.replaceAll(' ', '-')}-${i + 1}.json`), JSON.stringify(lhr));
          }
          const audit = (id) => lhr.audits[id]?.numericValue ?? null;
          runs.push({
            performance: Math.round(lhr.categories.performance.score * 100),
            accessibility: Math.round(lhr.categories.accessibility.score * 100),
            bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
            fcpMs: audit('first-contentful-paint'),
            lcpMs: audit('largest-contentful-paint'),
            tbtMs: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            siMs: audit('speed-index'),
            failed: Object.values(lhr.audits)
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
              .map((a) => a.id),
          });
        }
        const pick = (key) => median(runs.map((r) => r[key]));
        const row = {
          page: page.name,
          path: page.path,
          formFactor,
          runs: runs.length,
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          fcpMs: Math.round(pick('fcpMs')),
          lcpMs: Math.round(pick('lcpMs')),
          tbtMs: Math.round(pick('tbtMs')),
          cls: Number(pick('cls').toFixed(3)),
          siMs: Math.round(pick('siMs')),
          failedAudits: runs[0].failed,
        };
        results.push(row);
        console.log(
          `${formFactor.padEnd(8)} ${page.name.padEnd(15)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices}  FCP ${row.fcpMs} ms  LCP ${row.lcpMs} ms  TBT ${row.tbtMs} ms  CLS ${row.cls}  SI ${row.siMs} ms`,
        );
        if (row.failedAudits.length) console.log(`         not passed: ${row.failedAudits.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  if (!args.only && !args['form-factor']) writeFileSync(join(here, 'results.json'), `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
}

await main();
