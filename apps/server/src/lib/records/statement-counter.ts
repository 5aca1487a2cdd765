import type { Db } from '../../db/client';

/** One statement sent to the driver: its SQL text. */
export interface CountedStatement {
  sql: string;
}

/**
 * Counts the statements `db` sends to its driver (PGlite's `query`/`exec`, node-postgres' pool
 * `query`) while `run` is awaited — for tests that bound how many statements a call costs.
 * Answers `run`'s result and the statements in the order they were asked. Statements asked by
 * other callers meanwhile are counted too, so call it with nothing else in flight.
 */
export async function countStatements<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; statements: CountedStatement[] }> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: CountedStatement[] = [];
  const patched: [string, unknown][] = [];
  for (const method of ['query', 'exec']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    const own = Object.prototype.hasOwnProperty.call(client, method);
    patched.push([method, own ? original : undefined]);
    client[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const sql = typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? '');
      statements.push({ sql });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    return { result: await run(), statements };
  } finally {
    for (const [method, own] of patched) {
      if (own === undefined) delete client[method];
      else client[method] = own;
    }
  }
}
