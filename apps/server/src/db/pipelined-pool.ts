import pg from 'pg';

/** One pipelined connection and what it has on the wire. */
interface Lane {
  client: pg.Client;
  ready: Promise<pg.Client>;
  /** Statements sent and not answered yet. */
  inFlight: number;
  /** `performance.now()` (ms) of the lane's last answer, or of its first statement after it was idle. */
  progressAt: number;
  /** The time between answers (ms), a moving average: what one more statement in its queue costs. */
  gapMs: number | undefined;
  closed: boolean;
  /** True while the lane's socket is corked until the end of this turn of the event loop (see {@link PipelinedPool}). */
  corked: boolean;
}

/** The real `setImmediate`, kept before a test's fake timers could replace it (a corked lane must flush). */
const atCheckPhase = globalThis.setImmediate;

/** The socket under a node-postgres client (its `connection.stream`, not in the typings). */
const socketOf = (client: pg.Client): { cork(): void; uncork(): void } =>
  (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;

/** Options of {@link PipelinedPool} besides pg-pool's own. */
export interface PipelineOptions {
  /** Pipelined connections, opened lazily beside the pool's `max` (≥ 1). */
  lanes: number;
  /**
   * A busy lane that has answered nothing for longer than this (ms) is passed over: a statement
   * then goes to the ordinary pool rather than wait behind a slow one. Default 20 ms.
   */
  stuckAfterMs?: number;
  /**
   * A busy lane whose queue would hold a statement longer than this (ms: statements in flight ×
   * the lane's time between answers) is passed over for the pool — heavy reads keep running side
   * by side on the pool's connections (PostgreSQL's cores), cheap ones queue on the lane. Default 10 ms.
   */
  maxWaitMs?: number;
}

/** A statement that reads: SELECT, or WITH … (a CTE). */
const READS = /^\s*(?:select|with)\b/i;
/**
 * Words of a statement that may write or wait on a lock: a data-modifying CTE, a row lock
 * (FOR UPDATE/SHARE …), an advisory lock. Matched anywhere, in a literal or a name too — such a
 * statement merely goes to the pool.
 */
const WRITES_OR_LOCKS = /\b(?:insert|update|delete|merge|share)\b|advisory/i;

/** True when `text` may go to a pipelined connection: a read that neither writes nor locks (see {@link PipelinedPool}). */
export function mayPipeline(text: string): boolean {
  return READS.test(text) && !WRITES_OR_LOCKS.test(text);
}

type QueryConfig = pg.QueryConfig & { submit?: unknown };

/** True for pg's callback and submittable (cursor, stream) forms, which are passed through as they are. */
const notPromiseForm = (config: unknown, values: unknown, callback: unknown): boolean =>
  typeof values === 'function' || typeof callback === 'function' || (typeof config === 'object' && config !== null && typeof (config as QueryConfig).submit === 'function');

/**
 * The pool's connections (transactions, the migrator): a statement asked while the connection still
 * runs another waits for it here. Services run inside a transaction may ask several at once
 * (`Promise.all` over one `tx`, e.g. the demo seed through equipment's getDetail); node-postgres 8
 * queued those itself with a deprecation warning, and pg 9 refuses them.
 */
export class SerialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    const query = super.query.bind(this) as (...a: unknown[]) => Promise<pg.QueryResult>;
    if (notPromiseForm(config, values, callback)) return query(...args) as never;
    const run = this.#tail.then(() => query(config, values));
    this.#tail = run.catch(() => undefined);
    return run as never;
  }
}

/**
 * A node-postgres pool whose reads share a few **pipelined** connections (node-postgres 8.23's
 * `pipeline: true`): a SELECT asked while those connections are busy is written at once behind
 * the others on the least busy one, instead of waiting in the pool's queue for a connection to
 * come back. PostgreSQL's backend then reads and answers several per wake-up — on a VM, where a
 * wake-up across processes is dear, that is much of what a call costs (bench/stock: a fifth of
 * the server's samples in `writev` to the database; calls a second +30–55 %, apps/server/README.md).
 *
 * Which statements: a single statement outside a transaction (`pool.query(config, values)` as
 * drizzle's `db.select`, `db.execute`, prepared statements ask it, without a callback) whose text
 * reads and takes no row or advisory lock (SELECT or WITH, {@link mayPipeline}) — so it never waits on
 * another transaction's lock and holds up the statements behind it. Everything else (writes,
 * `connect()` for drizzle's transactions and the migrator's lock) goes through the pool as
 * before, so no statement of another caller ever runs inside a transaction. Each pipelined
 * statement ends in its own Sync: one that fails leaves the next unharmed. A lane's socket is corked
 * from its first statement of a turn of the event loop to the next check phase (`setImmediate`):
 * the statements of every call handled in that turn reach the database in one write, not one
 * write (and one wake-up of the backend) each — bench/stock: the lane's share of the server's
 * `writev` samples −70 %. node-postgres tracks
 * named prepared statements per connection (`submittedNamedStatements`), pipelined too.
 *
 * Lane choice: an idle lane; else the one with the fewest statements in flight, unless it has
 * answered nothing for `stuckAfterMs` (a slow statement at its head) or its queue would hold the
 * statement longer than `maxWaitMs` (heavy reads) — when every lane is like that, the ordinary
 * pool takes the statement: a slow report holds up the statements behind it for no longer than
 * that, heavy reads run side by side on the pool's connections, cheap ones queue on the lane.
 * Errors of a lane's connection are re-emitted as the pool's `error`; the lane is reopened on
 * its next use.
 */
export class PipelinedPool extends pg.Pool {
  readonly #config: pg.PoolConfig;
  readonly #lanes: (Lane | undefined)[];
  readonly #stuckAfterMs: number;
  readonly #maxWaitMs: number;
  #ended = false;

  constructor(config: pg.PoolConfig & PipelineOptions) {
    const { lanes, stuckAfterMs, maxWaitMs, ...poolConfig } = config;
    super({ Client: SerialClient, ...poolConfig });
    this.#config = poolConfig;
    this.#lanes = new Array<Lane | undefined>(Math.max(1, lanes)).fill(undefined);
    this.#stuckAfterMs = stuckAfterMs ?? 20;
    this.#maxWaitMs = maxWaitMs ?? 10;
  }

  // pg-pool's overloads are many; drizzle calls `query(config, values)` and awaits the promise.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [string | QueryConfig, unknown, unknown];
    const text = typeof config === 'string' ? config : config?.text;
    const lane =
      this.#ended || notPromiseForm(config, values, callback) || typeof text !== 'string' || !mayPipeline(text)
        ? undefined
        : this.#pick();
    if (!lane) return (super.query as (...a: unknown[]) => never)(...args);
    return this.#send(lane, config, values as unknown[] | undefined) as never;
  }

  async #send(lane: Lane, config: string | QueryConfig, values: unknown[] | undefined): Promise<pg.QueryResult> {
    if (lane.inFlight++ === 0) lane.progressAt = performance.now();
    try {
      const client = await lane.ready;
      if (!lane.corked) {
        // Every statement asked until the event loop's next check phase goes out in one write.
        const socket = socketOf(client);
        lane.corked = true;
        socket.cork();
        atCheckPhase(() => {
          lane.corked = false;
          socket.uncork();
        });
      }
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      const now = performance.now();
      const gap = now - lane.progressAt;
      lane.gapMs = lane.gapMs === undefined ? gap : 0.8 * lane.gapMs + 0.2 * gap;
      lane.inFlight--;
      lane.progressAt = now;
    }
  }

  /** The lane for the next statement, or undefined when every lane is held up (see the class). */
  #pick(): Lane | undefined {
    const now = performance.now();
    let best: Lane | undefined;
    for (let i = 0; i < this.#lanes.length; i++) {
      let lane = this.#lanes[i];
      if (!lane || lane.closed) lane = this.#open(i);
      if (lane.inFlight === 0) return lane;
      if (now - lane.progressAt > this.#stuckAfterMs || lane.inFlight * (lane.gapMs ?? 0) > this.#maxWaitMs) continue;
      if (!best || lane.inFlight < best.inFlight) best = lane;
    }
    return best;
  }

  #open(index: number): Lane {
    const client = new pg.Client({ ...this.#config, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, ready: client.connect().then(() => client), inFlight: 0, progressAt: 0, gapMs: undefined, closed: false, corked: false };
    const drop = () => {
      lane.closed = true;
      if (this.#lanes[index] === lane) this.#lanes[index] = undefined;
    };
    // A failed connect is reported to the statements that waited on it; the next one reopens.
    lane.ready.catch(drop);
    client.on('error', (error: Error) => {
      drop();
      this.emit('error', error, client as unknown as pg.PoolClient);
    });
    client.on('end', drop);
    this.#lanes[index] = lane;
    return lane;
  }

  /** Closes the pipelined connections (after their statements are answered) and the pool. */
  override async end(): Promise<void> {
    this.#ended = true;
    const lanes = this.#lanes.filter((l): l is Lane => !!l);
    this.#lanes.fill(undefined);
    await Promise.all(lanes.map((l) => l.ready.then((c) => c.end()).catch(() => undefined)));
    await super.end();
  }
}
