import type { Transferable } from 'node:worker_threads';
import type { Piscina } from 'piscina';

/*
 * The one way the server runs work on other threads (issue #42 "heavy work off the event loop"):
 * a piscina pool (a kept library) whose workers are created on demand, limited in heap, and
 * stopped when they pass a limit. Every pool answers the same three limit failures
 * ({@link WorkerLimitError}): a task that ran out of time (its `signal` aborted — the worker running
 * it is terminated, so even a synchronous loop ends), one whose worker passed its heap
 * (`resourceLimits`: V8 stops the worker), and a full queue. Any other failure of the task is
 * passed on as it came. Used by the document text extraction (documents.text.ts) and by the
 * TypeScript jobs of lib/workers/jobs.ts (imports, e-invoices, PDFs).
 *
 * The worker file is plain JavaScript located with `new URL('./x.mjs', import.meta.url)`: found the
 * same under tsx (`npm start`, the e2e server), under vitest and in a bundle that keeps each
 * module's `import.meta.url` (bench/debts/bundle.ts).
 */

/** How a pool's workers are made. */
export interface WorkerPoolOptions {
  /** Names the pool in errors and logs. */
  name: string;
  /** The worker module (plain JavaScript whose default export runs one task). */
  filename: URL;
  /** Old-generation heap of each worker, MB (`resourceLimits.maxOldGenerationSizeMb`); past it the worker is stopped. */
  heapMb: number;
  /** Young-generation heap of each worker, MB. @default 32 */
  youngMb?: number;
  /** Most workers at a time. @default 1 */
  maxThreads?: number;
  /** How long an idle worker is kept, ms (none are kept otherwise: the pool costs nothing while unused). @default 30000 */
  idleTimeoutMs?: number;
  /** Most tasks waiting for a worker; one more fails with `busy`. @default 16 */
  maxQueue?: number;
}

/** Which limit a task passed. */
export type WorkerLimit = 'timedOut' | 'outOfMemory' | 'busy';

/** A task refused or stopped at a limit of its pool (see the module comment). */
export class WorkerLimitError extends Error {
  constructor(
    readonly limit: WorkerLimit,
    readonly pool: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerLimitError';
  }
}

/** What one task is run with. */
export interface RunOptions {
  /** Aborting it stops the task (a running one by terminating its worker): `timedOut`, or `signal.reason` when that is a {@link WorkerLimitError}. */
  signal?: AbortSignal;
  /** Moved to the worker instead of copied (an ArrayBuffer, a MessagePort). */
  transferList?: readonly Transferable[];
}

/** A lazily started pool of worker threads. */
export interface WorkerPool {
  readonly name: string;
  /** The heap limit of each worker, MB. */
  readonly heapMb: number;
  /** Runs `task` in a worker; answers what the worker's function answers. Rejects with a {@link WorkerLimitError} at a limit. */
  run<T>(task: unknown, options?: RunOptions): Promise<T>;
  /** Stops the workers (a running task fails); the next `run` starts new ones. */
  close(): Promise<void>;
}

const isAbortError = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
};

/** A pool as {@link WorkerPoolOptions} say; no thread starts before the first `run`. */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { name, heapMb } = options;
  let pool: Piscina | null = null;
  let starting: Promise<Piscina> | null = null;

  async function started(): Promise<Piscina> {
    if (pool) return pool;
    starting ??= import('piscina').then(({ Piscina: Pool }) => {
      pool = new Pool({
        filename: options.filename.href,
        minThreads: 0,
        maxThreads: options.maxThreads ?? 1,
        idleTimeout: options.idleTimeoutMs ?? 30_000,
        maxQueue: options.maxQueue ?? 16,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: options.youngMb ?? 32 },
      });
      starting = null;
      return pool;
    });
    return starting;
  }

  return {
    name,
    heapMb,
    async run<T>(task: unknown, runOptions: RunOptions = {}): Promise<T> {
      const { signal, transferList } = runOptions;
      try {
        return (await (await started()).run(task, { signal, transferList: transferList as Transferable[] | undefined })) as T;
      } catch (error) {
        if (signal?.aborted && isAbortError(error)) {
          if (signal.reason instanceof WorkerLimitError) throw signal.reason;
          throw new WorkerLimitError('timedOut', name, `The ${name} task was stopped at its time limit.`);
        }
        if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new WorkerLimitError('outOfMemory', name, `The ${name} task needed more than ${heapMb} MB of heap.`);
        }
        if (error instanceof Error && error.message === 'Task queue is at limit') {
          throw new WorkerLimitError('busy', name, `The ${name} pool has ${options.maxQueue ?? 16} tasks waiting already.`);
        }
        throw error;
      }
    },
    async close(): Promise<void> {
      const running = pool ?? (starting ? await starting : null);
      pool = null;
      starting = null;
      await running?.destroy();
    },
  };
}
