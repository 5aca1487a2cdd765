import { describe, expect, it, vi } from 'vitest';
import { createListCache } from './list-cache';

/** A computation the test finishes by hand. */
function deferred() {
  let resolve!: (json: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('list cache (help desk the first user)', () => {
  it('answers a page again without computing it, until a change drops it', async () => {
    const cache = createListCache();
    const compute = vi.fn(async () => `{"n":${compute.mock.calls.length}}`);
    expect(await cache.get('all', compute)).toBe('{"n":1}');
    expect(await cache.get('all', compute)).toBe('{"n":1}');
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await cache.get('mine:7', compute)).toBe('{"n":2}');
    cache.invalidate();
    expect(await cache.get('all', compute)).toBe('{"n":3}');
  });

  it('shares one computation among callers, and does not keep one a change overtook', async () => {
    const cache = createListCache();
    const first = deferred();
    const compute = vi.fn(() => first.promise);
    const a = cache.get('all', compute);
    const b = cache.get('all', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    cache.invalidate(); // a request changed while the page was being computed
    const fresh = vi.fn(async () => 'after');
    const c = cache.get('all', fresh);
    first.resolve('before');
    expect(await a).toBe('before');
    expect(await b).toBe('before');
    expect(await c).toBe('after');
    // The overtaken page was not kept: the next caller gets the fresh one.
    expect(await cache.get('all', async () => 'again')).toBe('after');
  });

  it('after its time to live answers the page once more while refreshing it, and forgets it after twice that', async () => {
    let now = 1_000;
    const cache = createListCache({ ttlMs: 1000, clock: { now: () => now } });
    let n = 0;
    const compute = vi.fn(async () => String(++n));
    expect(await cache.get('all', compute)).toBe('1');
    now += 999;
    expect(await cache.get('all', compute)).toBe('1');
    expect(compute).toHaveBeenCalledTimes(1);
    now += 2; // stale: the old page at once, one computation in the background
    expect(await cache.get('all', compute)).toBe('1');
    expect(await cache.get('all', compute)).toBe('2');
    expect(compute).toHaveBeenCalledTimes(2);
    now += 2_001; // past twice the TTL: computed before answering
    expect(await cache.get('all', compute)).toBe('3');
  });

  it('callers arriving while a stale page refreshes share one computation; a change never serves the stale page', async () => {
    let now = 0;
    const cache = createListCache({ ttlMs: 1000, clock: { now: () => now } });
    await cache.get('all', async () => 'old');
    now = 1_500;
    const slow = deferred();
    const compute = vi.fn(() => slow.promise);
    expect(await Promise.all([cache.get('all', compute), cache.get('all', compute), cache.get('all', compute)])).toEqual(['old', 'old', 'old']);
    expect(compute).toHaveBeenCalledTimes(1);
    cache.invalidate(); // a record changed: the next caller waits for a fresh page
    slow.resolve('overtaken');
    expect(await cache.get('all', async () => 'fresh')).toBe('fresh');
  });

  it('drops a stale page whose refresh failed, so the next caller sees the error', async () => {
    let now = 0;
    const cache = createListCache({ ttlMs: 1000, clock: { now: () => now } });
    await cache.get('all', async () => 'old');
    now = 1_500;
    expect(await cache.get('all', async () => Promise.reject(new Error('db down')))).toBe('old');
    await vi.waitFor(() => expect(cache.get('all', async () => Promise.reject(new Error('still down')))).rejects.toThrow('still down'));
  });

  it('does not keep a failed computation', async () => {
    const cache = createListCache();
    await expect(cache.get('all', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('all', async () => 'ok')).toBe('ok');
  });

  it('keeps pages given as UTF-8 bytes, counting their bytes against the memory bound', async () => {
    const cache = createListCache<Buffer>({ maxBytes: 10 });
    const page = (text: string) => async () => Buffer.from(text, 'utf8');
    expect((await cache.get('a', page('"ə"'))).toString('utf8')).toBe('"ə"'); // 4 bytes
    expect((await cache.get('a', page('other'))).toString('utf8')).toBe('"ə"');
    await cache.get('b', page('"1234"')); // 6 bytes: both fit in 10
    expect((await cache.get('a', page('other'))).toString('utf8')).toBe('"ə"');
    await cache.get('c', page('"12"')); // 4 more: the least recently used ('b') goes
    expect((await cache.get('b', page('"new"'))).toString('utf8')).toBe('"new"');
  });

  it('keeps values of other kinds by the size sizeOf gives them, and refuses them without it', async () => {
    const cache = createListCache<Map<number, string>>({ maxBytes: 100, sizeOf: (m) => m.size * 30 });
    const levels = (n: number) => async () => new Map(Array.from({ length: n }, (_, i) => [i, 'read']));
    expect((await cache.get('lead', levels(2))).size).toBe(2); // 60 bytes
    expect((await cache.get('lead', levels(9))).size).toBe(2); // kept
    await cache.get('clerk', levels(1)); // 30 more: 90 of 100
    expect((await cache.get('lead', levels(9))).size).toBe(2);
    await cache.get('admin', levels(1)); // 120 > 100: the least recently used ('clerk') goes
    expect((await cache.get('clerk', levels(3))).size).toBe(3);
    // Too big on its own: answered, never kept.
    expect((await cache.get('huge', levels(5))).size).toBe(5);
    expect((await cache.get('huge', levels(6))).size).toBe(6);

    const unsized = createListCache<Map<number, string>>();
    await expect(unsized.get('x', levels(1))).rejects.toThrow(/sizeOf/);
  });
});

