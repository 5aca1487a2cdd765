/*
 * DataTable in a real browser: the "Hundred Thousand Rows" story of the static Storybook in
 * Chromium (playwright-core, never a downloaded browser). Measures
 *   - frame times while scrolling 100,000 rows (a steady 150 px per frame, then random jumps),
 *   - the time from a filter keystroke to the updated row count on screen.
 * Needs apps/storybook/storybook-static (`npm run build -w @servicedesk/storybook`).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const staticDir = join(root, 'apps/storybook/storybook-static');
if (!existsSync(join(staticDir, 'iframe.html'))) {
  console.error(
    `No static Storybook in ${staticDir}: run npm run build -w @servicedesk/storybook first.`,
  );
  process.exit(1);
}
const require = createRequire(join(root, 'package.json'));
const { chromium } = require('playwright-core');
const httpServer = join(dirname(require.resolve('http-server/package.json')), 'bin/http-server');

const port = await new Promise((resolve, reject) => {
  const srv = createServer();
  srv.on('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const server = spawn(
  process.execPath,
  [httpServer, staticDir, '-p', String(port), '-a', '127.0.0.1', '-s', '-c-1'],
  {
    stdio: 'ignore',
  },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/iframe.html`)).ok) break;
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const stat = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1], frames: s.length };
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const t0 = Date.now();
  await page.goto(`${base}/iframe.html?id=data-datatable--hundred-thousand-rows&viewMode=story`);
  const status = page.getByRole('status');
  // The story's play function filters to Şəki; wait for it, then clear the filter.
  await status.filter({ hasText: '11111 of 100000 rows' }).waitFor({ timeout: 120_000 });
  const storyReadyMs = Date.now() - t0;
  const filter = page.getByRole('searchbox', { name: 'Filter City' });
  await filter.fill('');
  await status.filter({ hasText: '100000 of 100000 rows' }).waitFor();

  // Filter keystroke → new count painted, five times.
  const filterMs = [];
  for (const text of ['b', 'ba', 'bak', 'q', 'şa']) {
    const start = await page.evaluate(() => performance.now());
    await filter.fill(text);
    const end = await page.evaluate(
      ([want]) =>
        new Promise((resolve) => {
          const el = document.querySelector('[role=status]');
          const check = () => {
            if (el?.textContent && !el.textContent.startsWith(want))
              requestAnimationFrame(() => resolve(performance.now()));
            else requestAnimationFrame(check);
          };
          check();
        }),
      ['100000 of'],
    );
    filterMs.push(end - start);
    await filter.fill('');
    await status.filter({ hasText: '100000 of 100000 rows' }).waitFor();
  }

  const frames = await page.evaluate(async () => {
    const scroller = document.querySelector('[data-datatable-scroller]');
    // Per frame: move the scroll position, deliver the scroll event now (the virtualiser
    // re-renders synchronously inside it) and force style + layout, timing that work; the
    // interval between frames is recorded too (it also counts waiting for a busy CPU).
    const run = (step) =>
      new Promise((resolve) => {
        const intervals = [];
        const work = [];
        let last = performance.now();
        let n = 0;
        const tick = (now) => {
          intervals.push(now - last);
          last = now;
          const t0 = performance.now();
          step(scroller, n);
          scroller.dispatchEvent(new Event('scroll'));
          void scroller.querySelector('[role=row][data-index]')?.getBoundingClientRect();
          work.push(performance.now() - t0);
          n += 1;
          if (n < 240) requestAnimationFrame(tick);
          else resolve({ intervals: intervals.slice(1), work });
        };
        requestAnimationFrame(tick);
      });
    scroller.scrollTop = 0;
    const steady = await run((el) => {
      el.scrollTop += 150;
    });
    const jumps = await run((el, n) => {
      el.scrollTop = (((n * 7919) % 1000) / 1000) * (el.scrollHeight - el.clientHeight);
    });
    const rendered = document.querySelectorAll('[role=row][data-index]').length;
    return { steady, jumps, rendered };
  });
  const results = {
    storyReadyMs,
    filterToPaintMs: stat(filterMs),
    steadyWorkMs: stat(frames.steady.work),
    steadyFrameMs: stat(frames.steady.intervals),
    jumpWorkMs: stat(frames.jumps.work),
    jumpFrameMs: stat(frames.jumps.intervals),
    rowsInDom: frames.rendered,
  };
  const f = (n) => `${n.toFixed(1)} ms`;
  console.log('\nDataTable in Chromium (100,000 rows story, 1280×900)');
  console.log(`  story loaded + its play function done   ${f(storyReadyMs)}`);
  console.log(
    `  filter keystroke → count painted        median ${f(results.filterToPaintMs.median)}  p95 ${f(results.filterToPaintMs.p95)}`,
  );
  for (const [name, w, fr] of [
    ['steady scroll, 150 px per frame', results.steadyWorkMs, results.steadyFrameMs],
    ['jump to a random row every frame', results.jumpWorkMs, results.jumpFrameMs],
  ])
    console.log(
      `  ${name.padEnd(38)} work per frame median ${f(w.median)} p95 ${f(w.p95)} | frame interval median ${f(fr.median)} p95 ${f(fr.p95)} (${w.frames} frames)`,
    );
  console.log(`  rows in the DOM while scrolling         ${frames.rendered}`);
  if (process.env.JSON) console.log(JSON.stringify(results));
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
