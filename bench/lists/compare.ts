/*
 * Two runs of an explain.ts (`--json`) side by side as a Markdown table for RESULTS.md: per call,
 * its statements, the backend CPU of a call, and its list statement — the one that touched the
 * most buffers — with its execution (planning) time, buffers and plan nodes in short. A call only
 * one run has is shown with a dash on the other side.
 *
 *   node --import tsx bench/lists/compare.ts before.json after.json [--nodes]
 */
import { readFileSync } from 'node:fs';
import type { CallFigures } from '../support/explain-calls';

interface Run {
  label?: string;
  started: string;
  ended: string;
  load: [string, string];
  calls: CallFigures[];
}
const [beforePath, afterPath] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!beforePath || !afterPath) throw new Error('usage: compare.ts before.json after.json [--nodes]');
const withNodes = process.argv.includes('--nodes');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Run;
const before = read(beforePath);
const after = read(afterPath);

const cell = (call: CallFigures | undefined): string => {
  if (!call) return '—';
  const main = [...call.statements].sort((a, b) => b.buffers - a.buffers)[0];
  if (!main) return `${call.cpuMs.toFixed(1)} ms CPU, no statement`;
  const nodes = withNodes ? ` — ${main.nodes.slice(0, 6).join(' ')}` : '';
  return `${call.cpuMs.toFixed(1)} ms CPU, ${call.statements.length} st.; ${main.execMs.toFixed(2)} (${main.planMs.toFixed(2)}) ms, ${main.buffers} buf.${nodes}`;
};
const names = [...new Set([...before.calls.map((c) => c.name), ...after.calls.map((c) => c.name)])];
const sum = (run: Run) => run.calls.reduce((n, c) => n + c.cpuMs, 0);
console.log(`${before.label ?? 'before'}: ${before.started}–${before.ended}, load ${before.load.join(' → ')}; ${after.label ?? 'after'}: ${after.started}–${after.ended}, load ${after.load.join(' → ')}`);
console.log(`backend CPU of every call: ${sum(before).toFixed(0)} → ${sum(after).toFixed(0)} ms\n`);
console.log(`| call | ${before.label ?? 'before'} | ${after.label ?? 'after'} |`);
console.log('|---|---|---|');
for (const name of names) console.log(`| ${name} | ${cell(before.calls.find((c) => c.name === name))} | ${cell(after.calls.find((c) => c.name === name))} |`);
