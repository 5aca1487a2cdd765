import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** One statement as node-postgres sent it. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statements of one call and a connection of our own to replay and EXPLAIN them, for the
 * explain.ts scripts: node-postgres' Client.query is wrapped once (the app's pool uses it), so
 * `capture(fn)` answers every statement `fn` made — those sent in `fn`'s asynchronous context
 * only, never a background job's that ran meanwhile (its timer has a context of its own); `run` sends one on our own connection,
 * bypassing the capture (`options`: its startup options, e.g. `-c jit=off` as the app's own
 * connections have); `cpuMs()` is that connection's backend CPU so far (user + system, ms,
 * from /proc — the database server must be on this machine).
 */
export async function statementLab(url: string, options?: string): Promise<{
  capture: (fn: () => Promise<unknown>) => Promise<Statement[]>;
  run: (text: string, params: unknown[]) => Promise<pg.QueryResult>;
  cpuMs: () => number;
  close: () => Promise<void>;
}> {
  const capturing = new AsyncLocalStorage<Statement[]>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof first === 'string' ? first : first?.text;
    const captured = capturing.getStore();
    if (captured && text) captured.push({ text, values: Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? []) });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
  await client.connect();
  const run = (text: string, params: unknown[]) => query.call(client, text, params) as Promise<pg.QueryResult>;
  const pid = (await run('select pg_backend_pid() as pid', [])).rows[0].pid as number;
  return {
    async capture(fn) {
      const captured: Statement[] = [];
      await capturing.run(captured, fn);
      return captured;
    },
    run,
    cpuMs() {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    close: () => client.end(),
  };
}
