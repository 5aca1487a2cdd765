import { availableParallelism } from 'node:os';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { AppError } from '../errors';
import { createWorkerPool, WorkerLimitError, type WorkerPool } from './pool';

/*
 * Heavy work off the event loop (issue #42): parsing an upload (the 1C and dislocation CSV, the
 * e-invoice XML), deciding the rows of the materials import, rendering a PDF. Each is a **job** —
 * an exported function of a TypeScript module (`*.job.ts` beside its module) — run in a worker
 * thread of one shared pool (lib/workers/pool.ts; job.worker.mjs loads the module through tsx),
 * while the request that asked for it waits and every other request is served meanwhile.
 *
 * Limits, per job ({@link JobLimits}); a job past one fails with a translated refusal in the API's
 * error shape, and since the job only reads and answers, nothing it was for is saved:
 * - input: larger than `maxInputBytes` → 413 `workInputTooLarge` { maxBytes, maxMb } before any
 *   thread starts;
 * - time: working longer than `timeoutMs` → its worker is terminated (a synchronous loop ends too)
 *   → 422 `workTimedOut` { seconds }. Counted from when a worker starts the job — not while it
 *   waits for a free worker, nor while a streaming job waits for its reader to take what it sent;
 * - memory: a worker's heap past `heapMb` → V8 stops it → 422 `workOutOfMemory` { memoryMb };
 * - queue: more jobs waiting than the pool takes → 503 `workBusy`.
 * A refusal the job itself throws (an AppError: `malformedCsv`, `xmlInvalid`, …) reaches the caller
 * as if thrown in the request. Jobs are pure: they get their input (bytes, text, plain objects —
 * copied or moved, never a stream or a database handle) and answer plain data.
 *
 * A streaming job ({@link streamJob}) sends items while it works (`io.send`): the reader takes them
 * one at a time and the job waits while {@link STREAM_WINDOW} items are not yet taken, so memory
 * stays bounded however long the file is (the 1C import: batches of rows, looked up and written by
 * the request while the worker parses on).
 */

/** The limits of one kind of job. */
export interface JobLimits {
  /** Longest the job may work, ms (see the module comment for what is counted). */
  timeoutMs: number;
  /** Heap of the worker running it, MB (V8's old generation; jobs with the same figure share a pool). */
  heapMb: number;
  /** Largest input, bytes as the job's `sizeOf` measures it; unset = no limit of the job's own. */
  maxInputBytes?: number;
}

/** What a job function gets besides its input, in the worker. */
export interface JobIo<Item> {
  /** Sends `item` to the request; resolves once the job may go on (at most {@link STREAM_WINDOW} items not yet taken). */
  send(item: Item): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the job's own signature is read back through the type parameters
type JobFunction = (input: any, io: JobIo<any>) => unknown;
type ItemOf<F extends JobFunction> = Parameters<F>[1] extends JobIo<infer Item> ? Item : never;

/** A kind of job: where its function is, and its limits (mutable, so a test can lower them). */
export interface Job<Input, Output, Item> {
  /** The module exporting the function (a file URL: `new URL('./x.job.ts', import.meta.url)`). */
  readonly module: URL;
  /** The function's export name. */
  readonly name: string;
  limits: JobLimits;
  /** The size of an input in bytes, for `limits.maxInputBytes`. */
  readonly sizeOf?: (input: Input) => number;
  /** Type carriers only. */
  readonly _types?: { output: Output; item: Item };
}

/**
 * Declares the job exported as `name` by `module`; `F` is its type (`typeof import('./x.job').name`,
 * a type-only reference, so the request's side never loads the job module).
 */
export function defineJob<F extends JobFunction>(
  module: URL,
  name: string,
  limits: JobLimits,
  sizeOf?: (input: Parameters<F>[0]) => number,
): Job<Parameters<F>[0], Awaited<ReturnType<F>>, ItemOf<F>> {
  return { module, name, limits, sizeOf };
}

/** Items a streaming job may have sent and the reader not yet taken. */
export const STREAM_WINDOW = 2;

/**
 * The heap every job asks (MB): enough for a 5 MB e-invoice's tree (~200 MB at its peak) and far
 * more than a streamed CSV needs; one pool serves them all.
 */
export const JOB_HEAP_MB = 256;

/** One pool per heap size (in practice one: every job asks the same heap unless a test lowers it). */
const pools = new Map<number, WorkerPool>();
function poolFor(heapMb: number): WorkerPool {
  let pool = pools.get(heapMb);
  if (!pool) {
    pool = createWorkerPool({
      name: 'jobs',
      filename: new URL('./job.worker.mjs', import.meta.url),
      heapMb,
      // A small young generation: parsing makes short-lived garbage fast, and 8 MB semi-spaces
      // keep a 200,000-row 1C file's worker ~30 MB smaller than 32 MB ones, in the same time.
      youngMb: 8,
      // A streaming import holds its worker while the request writes its batches: a second one
      // keeps a PDF or another import from waiting for it. The main thread keeps a core.
      maxThreads: Math.max(2, availableParallelism() - 1),
      idleTimeoutMs: 60_000,
      maxQueue: 32,
    });
    pools.set(heapMb, pool);
  }
  return pool;
}

/** Stops every job worker (tests, shutdown); the next job starts new ones. */
export async function closeJobs(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The API refusal for a job that passed a limit of its pool; any other error as it is. */
function refusalOf(error: unknown, limits: JobLimits): unknown {
  if (!(error instanceof WorkerLimitError)) return error;
  if (error.limit === 'timedOut') {
    const seconds = Math.ceil(limits.timeoutMs / 1000);
    return new AppError(422, 'workTimedOut', `The work was stopped after ${seconds} s, its time limit; nothing was saved.`, { seconds });
  }
  if (error.limit === 'outOfMemory') {
    return new AppError(422, 'workOutOfMemory', `The work needed more than ${limits.heapMb} MB of memory, its limit, and was stopped; nothing was saved.`, { memoryMb: limits.heapMb });
  }
  return new AppError(503, 'workBusy', 'The server is busy with other imports and documents; try again in a minute.');
}

/**
 * A time budget that can be paused: `onOut` runs once `ms` of running time have passed (started
 * with `start`, not counted between `pause` and `resume`). Exported for its test.
 */
export class Stopwatch {
  private left: number;
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private begun = false;
  private paused = false;
  private over = false;
  constructor(
    ms: number,
    private readonly onOut: () => void,
  ) {
    this.left = ms;
  }
  start(): void {
    this.begun = true;
    this.tick();
  }
  pause(): void {
    this.paused = true;
    if (this.since === null) return;
    this.left -= performance.now() - this.since;
    this.since = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  resume(): void {
    this.paused = false;
    this.tick();
  }
  stop(): void {
    this.over = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  private tick(): void {
    if (!this.begun || this.paused || this.over || this.since !== null) return;
    this.since = performance.now();
    this.timer = setTimeout(
      () => {
        this.over = true;
        this.onOut();
      },
      Math.max(0, this.left),
    );
  }
}

/** How a job is started. */
export interface JobRunOptions {
  /** Moved to the worker instead of copied: the ArrayBuffer of bytes the request no longer needs. */
  transferList?: readonly Transferable[];
}

/** A running streaming job: its items in order, then its answer. */
export interface JobStream<Item, Output> extends AsyncIterable<Item> {
  /** The job's answer (after its last item); rejects as the job failed. */
  readonly result: Promise<Output>;
  /** Stops the job if it still runs (the reader stopped reading); nothing more is read. */
  cancel(): void;
}

type Message<Item, Output> =
  | { t: 'started' }
  | { t: 'item'; item: Item }
  | { t: 'end'; value: Output }
  | { t: 'refused'; error: { statusCode: number; code: string; message: string; details?: unknown } }
  | { t: 'cancelled' };

const noop = () => undefined;

/**
 * Starts `job` on `input` in a worker; see the module comment. Throws 413 `workInputTooLarge` at
 * once for an input over the job's limit.
 */
export function streamJob<Input, Output, Item>(job: Job<Input, Output, Item>, input: Input, options: JobRunOptions = {}): JobStream<Item, Output> {
  const { limits } = job;
  if (limits.maxInputBytes !== undefined && job.sizeOf) {
    const size = job.sizeOf(input);
    if (size > limits.maxInputBytes) {
      throw new AppError(413, 'workInputTooLarge', `The input is ${mb(size)} MB; this work takes at most ${mb(limits.maxInputBytes)} MB.`, {
        maxBytes: limits.maxInputBytes,
        maxMb: mb(limits.maxInputBytes),
      });
    }
  }
  const { port1, port2 } = new MessageChannel();
  const controller = new AbortController();
  const pool = poolFor(limits.heapMb);
  const clock = new Stopwatch(limits.timeoutMs, () => controller.abort(new WorkerLimitError('timedOut', pool.name, `${job.name} passed its time limit.`)));
  const items: Item[] = [];
  let settled: { value: Output } | { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  let resolveResult: (value: Output) => void = noop;
  let rejectResult: (error: unknown) => void = noop;
  const result = new Promise<Output>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  result.catch(noop); // read through the iterator, or by the caller awaiting it

  const finish = (outcome: { value: Output } | { error: unknown }) => {
    if (settled) return;
    settled = outcome;
    clock.stop();
    port1.close();
    if ('error' in outcome) rejectResult(outcome.error);
    else resolveResult(outcome.value);
    wake?.();
    wake = null;
  };
  port1.on('message', (message: Message<Item, Output>) => {
    switch (message.t) {
      case 'started':
        clock.start();
        break;
      case 'item':
        items.push(message.item);
        // The job now waits for the reader: that time is not the job's.
        if (items.length >= STREAM_WINDOW) clock.pause();
        wake?.();
        wake = null;
        break;
      case 'end':
        finish({ value: message.value });
        break;
      case 'refused':
        finish({ error: new AppError(message.error.statusCode, message.error.code, message.error.message, message.error.details) });
        break;
      case 'cancelled':
        finish({ error: new Error(`${job.name} was cancelled`) });
        break;
    }
  });
  pool
    .run<void>({ module: job.module.href, name: job.name, input, port: port2, window: STREAM_WINDOW }, { signal: controller.signal, transferList: [port2, ...(options.transferList ?? [])] })
    .then(
      // The answer itself comes over the port ('end' / 'refused'), after every item.
      noop,
      (error: unknown) => finish({ error: refusalOf(error, limits) }),
    );

  const cancel = () => {
    if (settled) return;
    port1.postMessage({ t: 'cancel' });
    // A job that does not stop on its own is still stopped at its time limit.
    clock.resume();
  };

  const iterator: AsyncIterator<Item> = {
    async next(): Promise<IteratorResult<Item>> {
      for (;;) {
        if (settled && 'error' in settled) throw settled.error;
        if (items.length > 0) {
          // A turn of the event loop before each item: the reader's work on the items before (on
          // PGlite even its queries) may not have given other requests one.
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (settled && 'error' in settled) throw settled.error;
          const item = items.shift()!;
          if (!settled) {
            port1.postMessage({ t: 'ack' });
            if (items.length < STREAM_WINDOW) clock.resume();
          }
          return { value: item, done: false };
        }
        if (settled) return { value: undefined, done: true };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return(): Promise<IteratorResult<Item>> {
      cancel();
      return { value: undefined, done: true };
    },
  };
  return { result, cancel, [Symbol.asyncIterator]: () => iterator };
}

/**
 * Runs `job` on `input` in a worker and answers its result; rejects with the job's own refusal
 * (AppError), or with `workInputTooLarge`, `workTimedOut`, `workOutOfMemory`, `workBusy`.
 */
export async function runJob<Input, Output>(job: Job<Input, Output, never>, input: Input, options: JobRunOptions = {}): Promise<Output> {
  return streamJob(job, input, options).result;
}
