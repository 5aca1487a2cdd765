// The CI summary (.ci/summary.mjs) read against a sample `npm test` log (fixtures/npm-test.txt,
// lines as turbo, vitest, jest and Playwright print them) and two turbo run summaries.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { formatDuration, parseDuration, render, summarize } from '../../.ci/summary.mjs';

const log = readFileSync(new URL('./fixtures/npm-test.txt', import.meta.url), 'utf8');
const at = Date.UTC(2026, 11, 1, 22, 0, 0);
const task = (taskId, startS, endS, exitCode = 0) => ({ taskId, execution: { startTime: at + startS * 1000, endTime: at + endS * 1000, exitCode } });
const runs = {
  '/repo/.turbo/runs/static.json': {
    execution: { startTime: at, endTime: at + 41_500 },
    tasks: [task('@servicedesk/contracts#lint', 0, 20), task('@servicedesk/contracts#typecheck', 0, 41)],
  },
  '/repo/.turbo/runs/tests.json': {
    execution: { startTime: at + 50_000, endTime: at + 420_000 },
    tasks: [
      task('@servicedesk/web#test', 60, 190, 1),
      task('@servicedesk/i18n#test', 50, 64),
      task('@servicedesk/storybook#test', 190, 420),
      task('@servicedesk/e2e#test', 200, 300),
    ],
  },
};

describe('ci summary', () => {
  it('reads the durations each tool prints', () => {
    assert.equal(parseDuration('355ms'), 355);
    assert.equal(parseDuration('13.75s'), 13_750);
    assert.equal(parseDuration('61.234 s'), 61_234);
    assert.equal(parseDuration('1.3m'), 78_000);
    assert.equal(parseDuration('6m10.2s'), 370_200);
    assert.equal(parseDuration('soon'), null);
    assert.equal(formatDuration(370_200), '6 min 10 s');
    assert.equal(formatDuration(13_750), '13.8 s');
  });

  it('gives each layer its wall time from the turbo run summaries, in the order they started, and the total', () => {
    const result = summarize(log, (path) => runs[path] ?? null);
    assert.deepEqual(
      result.layers.map((l) => [l.task, l.ms, l.exitCode]),
      [
        ['@servicedesk/contracts#lint', 20_000, 0],
        ['@servicedesk/contracts#typecheck', 41_000, 0],
        ['@servicedesk/i18n#test', 14_000, 0],
        ['@servicedesk/web#test', 130_000, 1],
        ['@servicedesk/storybook#test', 230_000, 0],
        ['@servicedesk/e2e#test', 100_000, 0],
      ],
    );
    assert.equal(result.totalMs, 41_500 + 370_000);
  });

  it('without summary files falls back to the times the tools printed, and to turbo\'s Time lines', () => {
    const result = summarize(log);
    assert.deepEqual(
      result.layers.map((l) => [l.task, l.ms, l.exact]),
      [
        ['@servicedesk/i18n#test', 13_750, false],
        ['@servicedesk/web#test', 120_500, false],
        ['@servicedesk/storybook#test', 180_300, false],
        ['@servicedesk/e2e#test', 78_000, false],
      ],
    );
    assert.equal(result.totalMs, 41_500 + 370_200);
  });

  it('lists the slowest tests (vitest slow tests with their file, Playwright) and files (vitest, jest)', () => {
    const { tests, files } = summarize(log);
    assert.deepEqual(tests.slice(0, 3).map((t) => [t.task, t.name, t.ms]), [
      ['@servicedesk/e2e#test', 'test/debts.spec.ts › the director sees the mention', 66_000],
      ['@servicedesk/web#test', 'src/features/admin/users/UsersPage.test.tsx › creates a user of the chosen type and position, then lists them', 22_178],
      ['@servicedesk/web#test', 'src/features/admin/users/UsersPage.test.tsx › saves the column order for this user under usersList', 11_834],
    ]);
    assert.ok(tests.some((t) => t.name === 'src/app/app.test.tsx › sends the empty path to login' && t.ms === 3012), 'a failed test is listed too');
    assert.ok(!tests.some((t) => /users list|user form/.test(t.name)), 'describe groups are not tests');
    assert.deepEqual(files.slice(0, 3).map((f) => [f.name, f.ms]), [
      ['src/features/admin/users/UsersPage.test.tsx', 91_752],
      ['src/DataTable.stories.tsx', 61_234],
      ['src/Button.stories.tsx', 5_500],
    ]);
  });

  it('adds up the counts of all three runners', () => {
    assert.deepEqual(summarize(log).counts, { passed: 241 + 12 + 30 + 2 + 6, failed: 1, skipped: 1 + 1 });
  });

  it('prints the layers, the total, the slowest tests and the counts', () => {
    const text = render(summarize(log, (path) => runs[path] ?? null), { most: 2 });
    assert.match(text, /^Wall time per layer/m);
    assert.match(text, /^ {2}@servicedesk\/web#test +2 min 10 s {2}exit 1$/m);
    assert.match(text, /^Total: 6 min 52 s$/m);
    assert.match(text, /^ +1 min 06 s {2}@servicedesk\/e2e#test {2}test\/debts\.spec\.ts › the director sees the mention$/m);
    assert.match(text, /^291 passed, 1 failed, 2 skipped$/m);
  });
});
