import { afterEach, describe, expect, it } from 'vitest';
import { applyHeapMode, heapGrowingPercent, heapModeFrom, SMALL_HEAP_GROWING_PERCENT, withSmallHeap } from './process-memory';

describe('heapModeFrom (SERVER_HEAP)', () => {
  it('asks for the small heap when the variable is unset or blank', () => {
    expect(heapModeFrom({})).toBe('small');
    expect(heapModeFrom({ SERVER_HEAP: '  ' })).toBe('small');
  });

  it('takes small and default as written', () => {
    expect(heapModeFrom({ SERVER_HEAP: 'small' })).toBe('small');
    expect(heapModeFrom({ SERVER_HEAP: ' default ' })).toBe('default');
  });

  it('refuses anything else, naming the variable and the value', () => {
    expect(() => heapModeFrom({ SERVER_HEAP: 'tiny' })).toThrow('SERVER_HEAP must be "small" or "default", not "tiny"');
  });
});

describe('withSmallHeap: the small growth only while heavy work runs', () => {
  afterEach(() => applyHeapMode('default'));

  it('in the small mode, asks 30 % growth while work runs and V8’s heuristics (0) before and after', async () => {
    applyHeapMode('small');
    expect(heapGrowingPercent()).toBe(0);
    const during = await withSmallHeap(async () => heapGrowingPercent());
    expect(during).toBe(SMALL_HEAP_GROWING_PERCENT);
    expect(heapGrowingPercent()).toBe(0);
  });

  it('keeps the small growth until the last of several concurrent works ends', async () => {
    applyHeapMode('small');
    let endFirst!: () => void;
    let endSecond!: () => void;
    const first = withSmallHeap(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = withSmallHeap(() => new Promise<void>((resolve) => (endSecond = resolve)));
    endFirst();
    await first;
    expect(heapGrowingPercent()).toBe(SMALL_HEAP_GROWING_PERCENT);
    endSecond();
    await second;
    expect(heapGrowingPercent()).toBe(0);
  });

  it('returns to the heuristics when the work throws, and rethrows its error', async () => {
    applyHeapMode('small');
    await expect(withSmallHeap(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(heapGrowingPercent()).toBe(0);
  });

  it('in the default mode, never asks the small growth', async () => {
    applyHeapMode('default');
    expect(await withSmallHeap(async () => heapGrowingPercent())).toBe(0);
  });

  it('applies a mode chosen while work runs at once', async () => {
    applyHeapMode('default');
    const during = await withSmallHeap(async () => {
      applyHeapMode('small');
      return heapGrowingPercent();
    });
    expect(during).toBe(SMALL_HEAP_GROWING_PERCENT);
    expect(heapGrowingPercent()).toBe(0);
  });
});
