/**
 * Where a cold mobile load's main-thread time goes (issue #19): loads one page of the built app in
 * the system Chromium at a phone's size (412 × 823) with a 4× CPU slowdown — Lighthouse's mobile
 * throttling, applied for real rather than simulated — signed in as the admin, records a Chromium
 * trace and a sampling CPU profile (200 µs), and prints every main-thread task longer than 50 ms
 * after the page's navigation: its start and duration (ms, throttled), and the functions it spent
 * its time in (self and inclusive, mapped through the build's source maps to package and line).
 *
 * The "TBT-like" figure is the sum of (duration − the long-task threshold) over the long tasks after the
 * first contentful paint — Lighthouse's Total Blocking Time over a real trace instead of its
 * simulation. It moves by ±100 ms from load to load: take the median of several loads, before and
 * after, back to back on an idle machine.
 *
 * Needs a running server with the built app (`e2e/scripts/start-server.mjs`, or `npm start`) and
 * the build's folder for its source maps:
 *   PORT=8093 WEB_DIST=/tmp/dist LOG_LEVEL=warn node e2e/scripts/start-server.mjs &
 *   node bench/lighthouse/trace.mjs --base-url http://127.0.0.1:8093 --path /home/helpdesk/requests \
 *     --dist /tmp/dist --runs 4 [--out /tmp/traces]
 * `--out` keeps one text file per load with the per-task breakdown. `--rate 1` loads without the
 * slowdown, as Lighthouse observes a page before simulating 4× (its long tasks are then those over
 * 12.5 ms); `--callers appendChild` names the callers of one function in each long task.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:8080' },
    path: { type: 'string', default: '/home/helpdesk/requests' },
    dist: { type: 'string', default: 'apps/web/dist' },
    user: { type: 'string', default: 'admin@servicedesk.az' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string', default: '' },
    rate: { type: 'string', default: '4' },
    callers: { type: 'string', default: '' },
  },
});
/** The CPU slowdown. At 1 the load runs as Lighthouse observes it before its 4× simulation. */
const RATE = Number(args.rate);
/** A long task: 50 ms at 4×, scaled with the rate (12.5 ms at 1×, what Lighthouse's 4× makes 50). */
const LONG_TASK_US = (50_000 * RATE) / 4;
/** Trace events listed under a long task (layout, style, timers, GC…) when they last over 1 ms. */
const TASK_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'Layerize', 'ParseHTML', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'MajorGC', 'MinorGC']);

/** Signs in through the API; returns the local-storage entries the app keeps after a login. */
async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234', latitude: null, longitude: null }),
  });
  if (!response.ok) throw new Error(`login of ${email}: ${response.status}`);
  const login = await response.json();
  return { 'sd.token': login.token, 'sd.tokenExpiry': String(new Date(login.expiresAt).getTime()), 'sd.user': JSON.stringify(login.user) };
}

/** One cold load: the trace events and the CPU profile. */
async function record(session) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.goto(`${args['base-url']}/robots.txt`);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.tracing.start({ categories: ['blink.user_timing', 'loading', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    await cdp.send('Profiler.start');
    await page.goto(`${args['base-url']}${args.path}`, { waitUntil: 'networkidle0' });
    // Late work (the hub, idle callbacks) lands within a few seconds of the network going quiet.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
    return { events: trace.traceEvents, profile };
  } finally {
    await browser.close();
  }
}

const sourceMaps = new Map();
/** "function @package/file:line" for a profile frame, through the build's source maps. */
function frameName(frame) {
  const file = frame.url.split('/').pop();
  if (!frame.url.includes('/assets/')) return `${frame.functionName || '(anonymous)'} @${file}`;
  if (!sourceMaps.has(file)) {
    const mapFile = join(args.dist, 'assets', `${file}.map`);
    sourceMaps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = sourceMaps.get(file);
  if (!map) return `${frame.functionName} @${file}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? file).replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${at.name ?? (frame.functionName || '(anonymous)')} @${source}:${at.line}`;
}

/** The long tasks of one load and what they ran. */
function analyse({ events, profile }) {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes(args.path)) ?? events.find((e) => e.name === 'navigationStart');
  const t0 = navigation.ts;
  // The page's main thread: the CrRendererMain with the most tasks after the navigation.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const counted = mains.map((m) => ({ m, tasks: events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.ts > t0).length }));
  const main = counted.reduce((best, c) => (c.tasks > best.tasks ? c : best)).m;
  const tasks = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ts > t0 && e.dur > LONG_TASK_US)
    .sort((a, b) => a.ts - b.ts);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts > t0);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    samples.push([at, id]);
  });
  const blocking = tasks.filter((task) => !fcp || task.ts > fcp.ts).reduce((sum, task) => sum + (task.dur - LONG_TASK_US) / 1000, 0);
  const lines = [
    `FCP ${fcp ? Math.round((fcp.ts - t0) / 1000) : '?'} ms; ${tasks.length} long tasks, ${Math.round(tasks.reduce((sum, task) => sum + task.dur / 1000, 0))} ms in all; TBT-like ${Math.round(blocking)} ms`,
  ];
  for (const task of tasks) {
    const inside = samples.filter(([ts]) => ts >= task.ts && ts <= task.ts + task.dur);
    const self = new Map();
    const inclusive = new Map();
    for (const [, id] of inside) {
      const name = frameName(nodes.get(id).callFrame);
      self.set(name, (self.get(name) ?? 0) + 1);
      const seen = new Set();
      for (let cur = id; cur; cur = parents.get(cur)) {
        const frame = frameName(nodes.get(cur).callFrame);
        if (seen.has(frame)) continue;
        seen.add(frame);
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
      }
    }
    const top = (counts, n, skip) =>
      [...counts]
        .filter(([name]) => !skip?.test(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, count]) => `${Math.round((count / inside.length) * 100)}% ${name}`);
    lines.push(`\n== task at ${Math.round((task.ts - t0) / 1000)} ms, ${Math.round(task.dur / 1000)} ms, ${inside.length} samples`);
    lines.push(`  self: ${top(self, 12).join('\n        ')}`);
    const inTask = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ts >= task.ts && e.ts <= task.ts + task.dur && TASK_EVENTS.has(e.name) && e.dur > 1000);
    lines.push(
      `  events: ${inTask
        .map((e) => {
          const objects = e.args?.beginData?.dirtyObjects ? ` ${e.args.beginData.dirtyObjects}/${e.args.beginData.totalObjects} objects` : '';
          const elements = e.args?.elementCount ? ` ${e.args.elementCount} elements` : '';
          const fn = e.args?.data?.functionName ? ` ${e.args.data.functionName}` : '';
          return `${e.name} ${Math.round(e.dur / 1000)} ms${elements}${objects}${fn}`;
        })
        .join('; ')}`,
    );
    if (args.callers) {
      // Who called the function named by --callers (e.g. appendChild): its four nearest callers.
      const callers = new Map();
      for (const [, id] of inside) {
        if (nodes.get(id).callFrame.functionName !== args.callers) continue;
        const chain = [];
        for (let cur = parents.get(id); cur && chain.length < 4; cur = parents.get(cur)) chain.push(frameName(nodes.get(cur).callFrame));
        callers.set(chain.join(' < '), (callers.get(chain.join(' < ')) ?? 0) + 1);
      }
      lines.push(`  callers of ${args.callers}: ${[...callers].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([chain, count]) => `${count}× ${chain}`).join('\n        ')}`);
    }
    lines.push(`  incl: ${top(inclusive, 45, /\(root\)|\(program\)|react-dom\/cjs|scheduler\//).join('\n        ')}`);
  }
  return { blocking, tasks: tasks.map((task) => `${Math.round(task.dur / 1000)}@${Math.round((task.ts - t0) / 1000)}`), lines };
}

const session = await signIn(args['base-url'], args.user);
const figures = [];
for (let run = 1; run <= Number(args.runs); run++) {
  const result = analyse(await record(session));
  figures.push(result.blocking);
  console.log(`load ${run}: TBT-like ${Math.round(result.blocking)} ms; long tasks (ms@ms): ${result.tasks.join(' ')}`);
  if (args.out) {
    mkdirSync(args.out, { recursive: true });
    writeFileSync(join(args.out, `load-${run}.txt`), result.lines.join('\n'));
  }
}
const sorted = [...figures].sort((a, b) => a - b);
console.log(`median TBT-like of ${sorted.length}: ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms`);
