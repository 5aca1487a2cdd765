import { threadId } from 'node:worker_threads';
import { badRequest } from '../errors';
import type { JobIo } from './jobs';

/* Jobs for lib/workers/jobs.test.ts: each shows one way a job ends (run in the job worker). */

/** Answers what it got, and the thread it ran on. */
export function echo(input: { text: string; bytes?: Uint8Array }): { text: string; length: number; threadId: number } {
  return { text: input.text, length: input.bytes?.byteLength ?? 0, threadId };
}

/** Never ends by itself (a synchronous loop: only terminating its worker stops it). */
export function spin(): never {
  for (;;) {
    // busy
  }
}

/** Keeps allocating until its heap runs out. */
export function hog(): number {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => `row ${i} of ${kept.length}`));
}

/** Refuses like a request would (400 `fixtureRefused` with details). */
export function refuse(input: { line: number }): never {
  throw badRequest('fixtureRefused', 'The fixture refuses.', { line: input.line });
}

/** Sends `count` items 1, 2, …, then answers their sum; `sent[0]` (shared memory) counts the items sent so far. */
export async function count(input: { count: number; sent?: Int32Array }, io: JobIo<number>): Promise<number> {
  let sum = 0;
  for (let i = 1; i <= input.count; i++) {
    if (input.sent) Atomics.store(input.sent, 0, i);
    await io.send(i);
    sum += i;
  }
  return sum;
}

/** `size` bytes, each its index mod 256 (moved back to the caller). */
export function bytes(input: { size: number }): Uint8Array {
  return Uint8Array.from({ length: input.size }, (_, i) => i % 256);
}
