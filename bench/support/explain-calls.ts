import { writeFileSync } from 'node:fs';
import { loadText } from './cpu';
import { statementLab } from './statements';

/*
 * Where a call spends the database's time, statement by statement (issue #44) — the explain.ts
 * scripts' one runner (bench/helpdesk, bench/lists). Each call runs once through the app with its
 * statements captured (support/statements.ts); then on an own connection, for each statement:
 * EXPLAIN (ANALYZE, BUFFERS) (the least execution time of up to 5 runs, its planning time), the
 * buffers its plan touched, and its plan's nodes in short (`Index Scan x_idx(51)`: rows each node
 * produced); and the backend CPU of the whole call replayed `repeat` times (Linux /proc, clock
 * ticks of 10 ms, so summed over the runs and divided). Buffers and rows read do not depend on the
 * machine's load; times do.
 */

/** One call to measure: `run` makes the statements (through the app, as a route would); `prepare` runs first, uncaptured (e.g. to find a deep page's cursor). */
export interface ExplainCall {
  name: string;
  run: (prepared: unknown) => Promise<unknown>;
  prepare?: () => Promise<unknown>;
}

/** A statement's figures. */
export interface StatementFigures {
  execMs: number;
  planMs: number;
  /** Of the execution, the time JIT compilation took (PostgreSQL compiles a plan whose estimated cost passes jit_above_cost). */
  jitMs: number;
  buffers: number;
  nodes: string[];
  text: string;
}

/** A call's figures: its statements and the backend CPU of one replay of them all (ms). */
export interface CallFigures {
  name: string;
  cpuMs: number;
  statements: StatementFigures[];
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The plan's nodes in short: `Sort(12004)`, `Index Scan helpdesk_requests_created_idx(5100)`, `Seq Scan documents(100000)` — rows each node produced. */
function nodes(node: PlanNode, out: string[] = []): string[] {
  const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  const on = node['Index Name'] ?? (node['Node Type'] === 'Seq Scan' ? node['Relation Name'] : undefined);
  if (!['Result', 'Subquery Scan', 'Aggregate', 'Limit', 'Materialize', 'Memoize', 'CTE Scan', 'Append', 'Hash'].includes(node['Node Type']) || node['Index Name'])
    out.push(`${node['Node Type']}${on ? ` ${on}` : ''}(${rows})`);
  for (const child of node.Plans ?? []) nodes(child, out);
  return out;
}

/**
 * Runs `calls` (those whose name holds one of `only`'s texts, when given) and prints each call's
 * statements' figures as it goes; answers them all, and writes them as JSON to `json` when given
 * (compare two runs with bench/lists/compare.ts). `full` also prints every plan; `pgOptions` are
 * the replaying connection's startup options (the app's: `-c jit=off` since issue #44).
 */
export async function explainCalls(
  url: string,
  calls: readonly ExplainCall[],
  options: { repeat?: number; full?: boolean; only?: (name: string) => boolean; json?: string; label?: string; pgOptions?: string } = {},
): Promise<CallFigures[]> {
  const repeat = options.repeat ?? 10;
  const { capture, run, cpuMs, close } = await statementLab(url, options.pgOptions);
  const out: CallFigures[] = [];
  const startedLoad = loadText();
  const started = new Date().toISOString();
  let total = 0;
  for (const call of calls) {
    if (options.only && !options.only(call.name)) continue;
    const prepared = call.prepare ? await call.prepare() : undefined;
    // Transaction control (a call that writes) is counted, not replayed or explained.
    const all = await capture(() => call.run(prepared));
    const statements = all.filter((s) => !/^\s*(begin|commit|rollback|savepoint|release|set)\b/i.test(s.text));
    const before = cpuMs();
    for (let i = 0; i < repeat; i++) for (const s of statements) await run(s.text, s.values);
    const cpu = (cpuMs() - before) / repeat;
    total += cpu;
    const figures: CallFigures = { name: call.name, cpuMs: cpu, statements: [] };
    const control = all.length - statements.length;
    console.log(`\n${call.name}: ${statements.length} statement(s)${control ? ` (+${control} transaction control)` : ''}, backend CPU ${cpu.toFixed(2)} ms a call`);
    for (const { text, values } of statements) {
      let best = Infinity;
      let plan: { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number; JIT?: { Timing?: { Total?: number } } } | undefined;
      for (let i = 0; i < Math.min(repeat, 5); i++) {
        const res = (await run(`explain (analyze, buffers, format json) ${text}`, values)).rows[0]['QUERY PLAN'][0];
        if (res['Execution Time'] < best) [best, plan] = [res['Execution Time'], res];
      }
      const top = plan!.Plan;
      if (options.full) console.log((await run(`explain (analyze, buffers, costs off) ${text}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n'));
      const s: StatementFigures = {
        execMs: best,
        planMs: plan!['Planning Time'],
        jitMs: plan!.JIT?.Timing?.Total ?? 0,
        buffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
        nodes: nodes(top),
        text: text.replace(/\s+/g, ' ').trim().slice(0, 80),
      };
      figures.statements.push(s);
      console.log(`  exec ${s.execMs.toFixed(2)} ms${s.jitMs ? ` (JIT ${s.jitMs.toFixed(1)})` : ''}, plan ${s.planMs.toFixed(2)} ms, buffers ${s.buffers}: ${s.nodes.join(' ')}  — ${s.text.slice(0, 60)}`);
    }
    out.push(figures);
  }
  console.log(`\nbackend CPU of all calls above: ${total.toFixed(1)} ms; load average ${startedLoad} at the start, ${loadText()} at the end`);
  if (options.json) writeFileSync(options.json, JSON.stringify({ label: options.label, started, ended: new Date().toISOString(), load: [startedLoad, loadText()], calls: out }, null, 1));
  await close();
  return out;
}
