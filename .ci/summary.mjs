// The closing summary of `npm test` (run by .ci/run on the log it kept): the passed/failed
// counts that vitest, the Storybook test-runner (jest), Playwright and node:test printed, the wall time of
// each turbo task (lint, typecheck and each workspace's test: a "layer") and of the whole run,
// and the slowest tests and test files.
//
// Where the times come from:
// - layers: turbo's run summaries (`turbo run … --summarize` prints `Summary: <file>` at its
//   end; each task there has its start and end in ms since the epoch). Without a summary file a
//   layer's time is the last duration its own tool printed (vitest "Duration", jest "Time:",
//   Playwright "N passed (…)"), marked "~" as it leaves out the tool's start-up;
// - total: the span of each turbo run (from its summary), added up, else turbo's "Time:" lines;
// - tests: the durations the reporters print beside a test or a file (vitest prints a test's
//   time when it is over its slowTestThreshold, 300 ms by default; jest prints a file's time
//   when it is over 5 s; Playwright's list reporter prints every test's).
//
// Usage: node .ci/summary.mjs <log> (or the log on stdin). Exits 0; it only reports.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A duration as the tools print it ("850ms", "12.3s", "12.345 s", "1.2m", "2m 3s", "34.121s") in ms, or null. */
export function parseDuration(text) {
  const t = text.trim();
  let m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(t);
  if (m) return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]];
  // turbo: "1m2.345s", "1h2m3s"
  m = /^(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+(?:\.\d+)?)s)?$/.exec(t);
  if (m && (m[1] || m[2] || m[3])) return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60_000 + Number(m[3] ?? 0) * 1000;
  return null;
}

/** "12.3 s" / "4 min 05 s" for a duration in ms. */
export function formatDuration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const PREFIX = /^([@\w./-]+:[\w:-]+): ?(.*)$/; // turbo's "@servicedesk/web:test: " prefix

/**
 * Reads a test run's log. `readJson(path)` loads a turbo run summary named in the log (returns
 * null when it cannot). Returns { counts: {passed, failed, skipped}, layers: [{task, ms, exact,
 * exitCode}], totalMs, tests: [{task, name, ms}], files: [{task, name, ms}] }, layers in the
 * order they started, tests and files slowest first.
 */
export function summarize(log, readJson = () => null) {
  // eslint-disable-next-line no-control-regex -- the terminal colour codes the tools print
  const text = log.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, '');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const tests = [];
  const files = [];
  const printed = new Map(); // task → the last duration its tool printed (fallback for its layer time)
  const summaries = [];
  const turboTimes = [];
  let currentFile = new Map(); // task → the vitest file whose slow tests follow

  for (const raw of text.split('\n')) {
    const prefixed = PREFIX.exec(raw);
    const task = prefixed ? prefixed[1].replace(/:(?=[^:]*$)/, '#') : '';
    const line = prefixed ? prefixed[2] : raw;

    const summary = /^Summary:\s+(\S+\.json)\s*$/.exec(line.trim());
    if (summary) {
      summaries.push(summary[1]);
      continue;
    }
    const turboTime = /^\s*Time:\s+([\dhms.]+)\s*(?:>>>.*)?$/.exec(line);
    if (turboTime && !prefixed) {
      const ms = parseDuration(turboTime[1]);
      if (ms !== null) turboTimes.push(ms);
      continue;
    }

    // Counts. vitest: "      Tests  12 passed | 1 failed (13)"   jest: "Tests:       1 failed, 30 passed, 31 total"
    const vitestCount = /^\s*Tests\s+(.*)\((\d+)\)\s*$/.exec(line);
    const jestCount = /^\s*Tests:\s+(.*\d+ total)\s*$/.exec(line);
    const body = vitestCount?.[1] ?? jestCount?.[1];
    if (body) {
      counts.passed += Number(/(\d+) passed/.exec(body)?.[1] ?? 0);
      counts.failed += Number(/(\d+) failed/.exec(body)?.[1] ?? 0);
      counts.skipped += Number(/(\d+) skipped/.exec(body)?.[1] ?? 0);
      continue;
    }
    // node:test (tooling): "# pass 6" / "# fail 0" / "# skipped 0"
    const tap = /^# (pass|fail|skipped) (\d+)\s*$/.exec(line);
    if (tap) {
      counts[{ pass: 'passed', fail: 'failed', skipped: 'skipped' }[tap[1]]] += Number(tap[2]);
      continue;
    }
    // playwright: "  12 passed (30.1s)" / "  1 failed" / "  2 skipped" on their own lines
    const pw = /^\s*(\d+) (passed|failed|flaky|skipped)(?: \(([\d.]+m?s|[\d.]+m)\))?\s*$/.exec(line);
    if (pw) {
      const n = Number(pw[1]);
      if (pw[2] === 'passed' || pw[2] === 'flaky') counts.passed += n;
      else if (pw[2] === 'failed') counts.failed += n;
      else counts.skipped += n;
      if (pw[3]) printed.set(task, parseDuration(pw[3]));
      continue;
    }

    // Tool durations of a whole layer.
    const vitestDuration = /^\s*Duration\s+([\d.]+m?s)\b/.exec(line);
    const jestTime = /^\s*Time:\s+([\d.]+\s*m?s)\b/.exec(line);
    const runDuration = vitestDuration?.[1] ?? jestTime?.[1];
    if (runDuration) {
      printed.set(task, (printed.get(task) ?? 0) + parseDuration(runDuration));
      continue;
    }

    // vitest file: " ✓ src/a.test.ts (12 tests | 1 failed) 1234ms"
    const vitestFile = /^\s?[✓×❯↓]\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?)\s+\((\d+) tests?[^)]*\)\s+(\d+(?:\.\d+)?m?s)\s*$/.exec(line);
    if (vitestFile) {
      files.push({ task, name: vitestFile[1], ms: parseDuration(vitestFile[3]) });
      currentFile.set(task, vitestFile[1]);
      continue;
    }
    // Playwright list reporter: "  ✓  3 [chromium] › test/a.spec.ts:10:3 › a title (12.3s)"
    const pwTest = /^\s*[✓✘×-]\s+\d+\s+(?:\[[^\]]+\]\s+›\s+)?(\S+\.spec\.[jt]s):\d+:\d+\s+›\s+(.*?)\s+\((\d+(?:\.\d+)?m?s|[\d.]+m)\)\s*$/.exec(line);
    if (pwTest) {
      tests.push({ task, name: `${pwTest[1]} › ${pwTest[2]}`, ms: parseDuration(pwTest[3]) });
      continue;
    }
    // jest: "PASS browser: chromium src/Button.stories.tsx (12.345 s)"
    const jestFile = /^\s*(?:PASS|FAIL)\s+(?:browser: \S+\s+)?(\S+)\s+\((\d+(?:\.\d+)?\s*m?s)\)\s*$/.exec(line);
    if (jestFile) {
      files.push({ task, name: jestFile[1], ms: parseDuration(jestFile[2]) });
      continue;
    }
    // A test's own time: vitest's slow tests under their file ("   ✓ a test  1234ms"), jest --verbose ("✓ a story (123 ms)").
    const oneTest = /^\s{2,}[✓×]\s+(.*?)\s+\(?(\d+(?:\.\d+)?\s?m?s)\)?\s*$/.exec(line);
    if (oneTest) {
      const file = currentFile.get(task);
      tests.push({ task, name: file ? `${file} › ${oneTest[1]}` : oneTest[1], ms: parseDuration(oneTest[2]) });
    }
  }

  const layers = [];
  let totalMs = 0;
  for (const path of summaries) {
    const run = readJson(path);
    if (!run) continue;
    if (run.execution?.startTime && run.execution?.endTime) totalMs += run.execution.endTime - run.execution.startTime;
    for (const t of run.tasks ?? []) {
      const e = t.execution;
      if (!e?.startTime || !e?.endTime) continue;
      layers.push({ task: t.taskId, ms: e.endTime - e.startTime, exact: true, exitCode: e.exitCode, start: e.startTime });
    }
  }
  if (!layers.length) {
    for (const [task, ms] of printed) if (task) layers.push({ task, ms, exact: false, start: layers.length });
  }
  if (!totalMs) totalMs = turboTimes.reduce((a, b) => a + b, 0);
  layers.sort((a, b) => a.start - b.start);
  const bySlowest = (a, b) => b.ms - a.ms;
  return { counts, layers: layers.map(({ start: _start, ...l }) => l), totalMs, tests: tests.sort(bySlowest), files: files.sort(bySlowest) };
}

/** The summary as the lines .ci/run prints. */
export function render(result, { most = 15 } = {}) {
  const { counts, layers, totalMs, tests, files } = result;
  const out = [];
  if (layers.length) {
    out.push('Wall time per layer (turbo task; side by side when they overlapped):');
    const width = Math.max(...layers.map((l) => l.task.length));
    for (const l of layers) {
      const status = l.exitCode ? `  exit ${l.exitCode}` : '';
      out.push(`  ${l.task.padEnd(width)}  ${(l.exact ? '' : '~') + formatDuration(l.ms)}${status}`);
    }
  }
  if (totalMs) out.push(`Total: ${formatDuration(totalMs)}`);
  if (tests.length) {
    out.push(`Slowest tests (of those whose time the reporters printed):`);
    for (const t of tests.slice(0, most)) out.push(`  ${formatDuration(t.ms).padStart(10)}  ${t.task ? `${t.task}  ` : ''}${t.name}`);
  }
  if (files.length) {
    out.push(`Slowest test files:`);
    for (const f of files.slice(0, Math.ceil(most / 2))) out.push(`  ${formatDuration(f.ms).padStart(10)}  ${f.task ? `${f.task}  ` : ''}${f.name}`);
  }
  out.push(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  return out.join('\n');
}

function readJsonFile(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const log = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8');
  console.log(render(summarize(log, readJsonFile)));
}
