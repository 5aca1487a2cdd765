import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import { closeJobs, defineJob, runJob, streamJob, Stopwatch, STREAM_WINDOW } from './jobs';
import type * as Fixture from './jobs.fixture';

// The job foundation (issue #42): a job runs on another thread, within its limits of time, memory
// and input, and a job past one fails with the API's refusal while this thread goes on serving.

const at = new URL('./jobs.fixture.ts', import.meta.url);
const limits = { timeoutMs: 20_000, heapMb: 128 };
const echo = defineJob<typeof Fixture.echo>(at, 'echo', { ...limits, maxInputBytes: 1000 }, (input) => input.bytes?.byteLength ?? 0);
const spin = defineJob<typeof Fixture.spin>(at, 'spin', { ...limits, timeoutMs: 300 });
const hog = defineJob<typeof Fixture.hog>(at, 'hog', { ...limits, heapMb: 24 });
const refuse = defineJob<typeof Fixture.refuse>(at, 'refuse', limits);
const count = defineJob<typeof Fixture.count>(at, 'count', limits);
const bytes = defineJob<typeof Fixture.bytes>(at, 'bytes', limits);

afterAll(async () => {
  await closeJobs();
});

/** The refusal `work` rejects with (status, code, details). */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, code, details } = error as AppError;
  return { statusCode, code, details };
}

/** Counts this thread's event-loop turns while `work` runs (a timer turn each). */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

describe('a job in a worker thread', () => {
  it('runs on another thread and answers; bytes move back', async () => {
    const answer = await runJob(echo, { text: 'salam', bytes: new Uint8Array(10) });
    expect(answer).toMatchObject({ text: 'salam', length: 10 });
    expect(answer.threadId).not.toBe(threadId);
    const out = await runJob(bytes, { size: 300_000 });
    expect(out).toBeInstanceOf(Uint8Array);
    expect([out.byteLength, out[257]]).toEqual([300_000, 1]);
  });

  it('refuses an input over its limit with 413 workInputTooLarge before any thread runs it', async () => {
    expect(await refusal(runJob(echo, { text: 'x', bytes: new Uint8Array(1001) }))).toEqual({ statusCode: 413, code: 'workInputTooLarge', details: { maxBytes: 1000, maxMb: 0 } });
  });

  it('passes the refusal a job throws on to the caller as it is', async () => {
    expect(await refusal(runJob(refuse, { line: 7 }))).toEqual({ statusCode: 400, code: 'fixtureRefused', details: { line: 7 } });
  });

  it('stops a job past its time limit by terminating its worker (422 workTimedOut), while this thread kept turning; the next job runs', async () => {
    const stopped = runJob(spin, undefined as never);
    expect(await turnsDuring(stopped)).toBeGreaterThan(1);
    expect(await refusal(stopped)).toEqual({ statusCode: 422, code: 'workTimedOut', details: { seconds: 1 } });
    expect((await runJob(echo, { text: 'after' })).text).toBe('after');
  });

  it('stops a job past its heap (422 workOutOfMemory), while this thread kept turning; the next job runs', async () => {
    const stopped = runJob(hog, undefined as never);
    expect(await turnsDuring(stopped)).toBeGreaterThan(1);
    expect(await refusal(stopped)).toEqual({ statusCode: 422, code: 'workOutOfMemory', details: { memoryMb: 24 } });
    expect((await runJob(echo, { text: 'after' })).text).toBe('after');
  });

  it('streams items in order with its answer after them, never more than the window ahead of the reader', async () => {
    const sent = new Int32Array(new SharedArrayBuffer(4));
    const stream = streamJob(count, { count: 50, sent });
    const seen: number[] = [];
    const ahead: number[] = [];
    for await (const item of stream) {
      seen.push(item);
      // Taken: `item`; the job may have sent up to the window past the item taken before.
      ahead.push(Atomics.load(sent, 0) - item);
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await stream.result).toBe(1275);
    expect(Math.max(...ahead)).toBeLessThanOrEqual(STREAM_WINDOW);
  });

  it('stops a streaming job whose reader stops reading; the pool goes on', async () => {
    const stream = streamJob(count, { count: 1_000_000 });
    const seen: number[] = [];
    for await (const item of stream) {
      seen.push(item);
      if (seen.length === 3) break;
    }
    await expect(stream.result).rejects.toThrow(/cancelled/);
    expect(seen).toEqual([1, 2, 3]);
    expect((await runJob(echo, { text: 'after' })).text).toBe('after');
  });
});

describe('the time budget of a job', () => {
  it('counts running time only: not before the start, not while paused', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      let out = 0;
      const watch = new Stopwatch(1000, () => out++);
      vi.advanceTimersByTime(5000); // queued: not counted
      watch.start();
      vi.advanceTimersByTime(600);
      watch.pause(); // waiting for the reader: not counted
      vi.advanceTimersByTime(60_000);
      expect(out).toBe(0);
      watch.resume();
      vi.advanceTimersByTime(399);
      expect(out).toBe(0);
      vi.advanceTimersByTime(1);
      expect(out).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
