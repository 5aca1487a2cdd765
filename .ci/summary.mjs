// Adds up the passed/failed counts that vitest, the Storybook test-runner (jest) and Playwright
// printed during `npm test`, and prints one plain closing line: "N passed, N failed".
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split('\n')) {
  // vitest: "      Tests  12 passed | 1 failed (13)"   jest: "Tests:       1 failed, 30 passed, 31 total"
  const vitest = /^\s*(?:\S+:\s+)?Tests\s+(.*)\((\d+)\)\s*$/.exec(line);
  const jest = /^\s*(?:\S+:\s+)?Tests:\s+(.*\d+ total)\s*$/.exec(line);
  const body = vitest?.[1] ?? jest?.[1];
  if (body) {
    passed += Number(/(\d+) passed/.exec(body)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(body)?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(body)?.[1] ?? 0);
    continue;
  }
  // playwright: "  12 passed (30.1s)" / "  1 failed" / "  2 skipped" on their own lines
  const pw = /^\s*(?:\S+:\s+)?(\d+) (passed|failed|flaky|skipped)(?: \([\d.]+m?s\))?\s*$/.exec(line);
  if (pw) {
    const n = Number(pw[1]);
    if (pw[2] === 'passed' || pw[2] === 'flaky') passed += n;
    else if (pw[2] === 'failed') failed += n;
    else skipped += n;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
