import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayPipeline, PipelinedPool, type PipelineOptions } from './pipelined-pool';

const url = process.env.TEST_DATABASE_URL;

describe('mayPipeline: which statements may share a pipelined connection', () => {
  it('takes reads: SELECTs and CTEs that only select', () => {
    expect(mayPipeline('select 1')).toBe(true);
    expect(mayPipeline('  SELECT "id", "updated_at" from "users" where "id" = $1')).toBe(true);
    expect(mayPipeline('\n  with page as (select id from t order by id limit 10) select * from page')).toBe(true);
  });
  it('leaves writes, CTEs, row locks and advisory locks to the pool', () => {
    expect(mayPipeline('insert into t values (1)')).toBe(false);
    expect(mayPipeline('update t set a = 1')).toBe(false);
    expect(mayPipeline('with x as (delete from t returning *) select * from x')).toBe(false);
    expect(mayPipeline('with x as (update t set a = 1 returning *) select * from x')).toBe(false);
    expect(mayPipeline('with x as (insert into t values (1) returning *) select * from x')).toBe(false);
    expect(mayPipeline('select * from t where id = $1 for update')).toBe(false);
    expect(mayPipeline('select * from t for no key update skip locked')).toBe(false);
    expect(mayPipeline('select * from t FOR SHARE')).toBe(false);
    expect(mayPipeline('select pg_try_advisory_lock(1)')).toBe(false);
    expect(mayPipeline('begin')).toBe(false);
  });
});

describe.skipIf(!url)('PipelinedPool on PostgreSQL', () => {
  const pools: pg.Pool[] = [];
  const open = (options: Partial<PipelineOptions> = {}) => {
    // One lane that never passes itself over unless a test says so (what it shows must not hang on the machine's speed).
    const pool = new PipelinedPool({ connectionString: url, max: 4, lanes: 1, stuckAfterMs: 60_000, maxWaitMs: 60_000, ...options });
    pool.on('error', () => undefined);
    pools.push(pool);
    // As drizzle sees it: a pg.Pool (its query() overloads).
    return pool as pg.Pool;
  };
  const pid = async (pool: pg.Pool | pg.PoolClient, text = 'select pg_backend_pid() as pid') =>
    ((await pool.query(text)).rows[0] as { pid: number }).pid;
  /**
   * A slow SELECT (`seconds` of pg_sleep) asked, then a quick one right behind it: the backend pid
   * each ran on and the order their answers came back in ('slow' / 'quick').
   */
  const race = async (pool: pg.Pool, seconds: number) => {
    const order: string[] = [];
    const slow = pool.query(`select pg_sleep(${seconds}), pg_backend_pid() as pid`).then((r) => {
      order.push('slow');
      return (r.rows[0] as { pid: number }).pid;
    });
    const quick = pid(pool).then((p) => {
      order.push('quick');
      return p;
    });
    return { slow: await slow, quick: await quick, order };
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
  });

  it('answers SELECTs asked at once from one pipelined connection, each with its own values', async () => {
    const pool = open();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => pool.query('select pg_backend_pid() as pid, $1::int as n', [n])),
    );
    expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(new Set(answers.map((a) => (a.rows[0] as { pid: number }).pid)).size).toBe(1);
  });

  it('writes the statements asked in one turn of the event loop to the database in one write', async () => {
    const pool = open();
    await pid(pool);
    // Every socket write of this process meanwhile (the pool's connections are idle: reads take the lane).
    const writev = vi.spyOn(net.Socket.prototype as unknown as { _writev: () => void }, '_writev');
    const write = vi.spyOn(net.Socket.prototype as unknown as { _write: () => void }, '_write');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => pool.query('select $1::int as n', [n])));
      expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
      expect(writev.mock.calls.length + write.mock.calls.length).toBe(1);
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
  });

  it('prepares a named statement once on a fresh connection even when it is asked many times at once', async () => {
    const pool = open();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => pool.query({ name: 'pipelined_twice', text: 'select $1::int * 2 as n', values: [n] })),
    );
    expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual(Array.from({ length: 10 }, (_, n) => n * 2));
  });

  it('keeps the statements behind a failing one unharmed', async () => {
    const pool = open();
    const [first, failing, last] = await Promise.allSettled([
      pool.query('select 1 as n'),
      pool.query('select 1 / $1::int as n', [0]),
      pool.query('select 3 as n'),
    ]);
    expect(first.status === 'fulfilled' && first.value.rows).toEqual([{ n: 1 }]);
    expect(failing.status === 'rejected' && (failing.reason as Error).message).toMatch(/division by zero/);
    expect(last.status === 'fulfilled' && last.value.rows).toEqual([{ n: 3 }]);
  });

  it('sends writes and transactions through connections of the pool, never the pipelined one', async () => {
    const pool = open();
    const lane = await pid(pool);
    expect(await pid(pool)).toBe(lane);
    expect(await pid(pool, 'with x as (select pg_backend_pid() as pid) select pid from x')).toBe(lane);
    // Not a read by its first word (mayPipeline): the pool's.
    expect(((await pool.query('values (pg_backend_pid())')).rows[0] as { column1: number }).column1).not.toBe(lane);
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect(await pid(client)).not.toBe(lane);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('passes a held-up connection over: the next SELECT goes to the pool and answers first', async () => {
    const pool = open({ stuckAfterMs: -1 });
    const lane = await pid(pool);
    const { slow, quick, order } = await race(pool, 0.3);
    expect([slow, order]).toEqual([lane, ['quick', 'slow']]);
    expect(quick).not.toBe(lane);
  });

  it('sends a SELECT to the pool when the lane’s queue would hold it longer than maxWaitMs (heavy reads side by side)', async () => {
    const pool = open({ stuckAfterMs: 60_000, maxWaitMs: 30 });
    const lane = await pid(pool);
    // The lane learns what its statements take: its moving average of the time between answers
    // becomes at least a fifth of 200 ms — one statement in flight then means ≥ 40 ms of wait.
    await pool.query('select pg_sleep(0.2)');
    const { slow, quick, order } = await race(pool, 0.3);
    expect([slow, order]).toEqual([lane, ['quick', 'slow']]);
    expect(quick).not.toBe(lane);
  });

  it('queues behind a connection that is not held up (within stuckAfterMs and maxWaitMs)', async () => {
    const pool = open({ stuckAfterMs: 60_000, maxWaitMs: 60_000 });
    const lane = await pid(pool);
    expect(await race(pool, 0.2)).toEqual({ slow: lane, quick: lane, order: ['slow', 'quick'] });
  });

  it('reopens a pipelined connection the server closed, and reports the loss as the pool’s error', async () => {
    const pool = open();
    const lane = await pid(pool);
    const lost = new Promise<Error>((resolve) => pool.once('error', resolve));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [lane]);
    } finally {
      await admin.end();
    }
    expect((await lost).message).toMatch(/terminat/i);
    const again = await pid(pool);
    expect(again).not.toBe(lane);
  });

  it('runs the statements a transaction asks at once one after another (pg 9 refuses them queued)', async () => {
    const pool = open();
    const client = await pool.connect();
    // What node-postgres checks before warning (8) or refusing (9): a statement asked while another waits.
    const queued: number[] = [];
    const original = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      queued.push((this as unknown as { _queryQueue: unknown[] })._queryQueue.length);
      return (original as (...a: unknown[]) => never).apply(this, args);
    });
    try {
      await client.query('begin');
      const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => client.query('select $1::int as n', [n])));
      await client.query('commit');
      expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      expect(queued).toHaveLength(7);
      expect(queued.every((length) => length === 0)).toBe(true);
    } finally {
      spy.mockRestore();
      client.release();
    }
  });

  it('refuses statements after end()', async () => {
    const pool = open();
    await pid(pool);
    await pool.end();
    pools.splice(pools.indexOf(pool), 1);
    await expect(pool.query('select 1')).rejects.toThrow();
  });
});
