import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeySet } from './debts.keyset';

// The import's duplicate-row check rests on KeySet.add answering exactly what a Set<string> would:
// false only for a key added before, whatever the hashes.
const asSet = (keys: string[]) => {
  const set = new Set<string>();
  return keys.map((key) => (set.has(key) ? false : (set.add(key), true)));
};

describe('KeySet (the set of row keys an import has seen)', () => {
  it('answers true for a new key and false for one it holds, for keys in any script', () => {
    const keys = new KeySet();
    expect(keys.add('invoice|17|INV-1')).toBe(true);
    expect(keys.add('invoice|17|INV-2')).toBe(true);
    expect(keys.add('invoice|17|INV-1')).toBe(false);
    expect(keys.add('payment|17|Оплата №5 «Ə»')).toBe(true);
    expect(keys.add('payment|17|Оплата №5 «Ə»')).toBe(false);
    expect(keys.add('')).toBe(true);
    expect(keys.add('')).toBe(false);
    // Lone surrogates (not UTF-8-encodable): two different ones are still two keys.
    expect(keys.add('x\uD800')).toBe(true);
    expect(keys.add('x\uD801')).toBe(true);
    expect(keys.add('x\uD800')).toBe(false);
    expect(keys.size).toBe(6);
  });

  it('never takes a different key for one it holds when every hash collides', () => {
    // A constant hash: every key lands in one probe chain, so only the byte comparison tells them apart.
    const keys = new KeySet({ hash: () => 7 });
    const list = ['a', 'b', 'ab', 'ba', 'a\u0000', 'é', 'e\u0301', 'a', 'ab', 'é'];
    expect(list.map((key) => keys.add(key))).toEqual(asSet(list));
  });

  it('keeps every key as it grows past its first buffer and table (200,000 keys)', () => {
    const keys = new KeySet();
    const key = (i: number) => `invoice|${i % 2000}|INV-${i}-${'x'.repeat(i % 40)}`;
    let added = 0;
    for (let i = 0; i < 200_000; i++) if (keys.add(key(i))) added++;
    expect(added).toBe(200_000);
    let again = 0;
    for (let i = 0; i < 200_000; i += 997) if (keys.add(key(i))) again++;
    expect(again).toBe(0);
    expect(keys.add(`${key(5)}!`)).toBe(true);
    expect(keys.size).toBe(200_001);
  });

  it('answers as a Set would for any list of keys, with the real hash and with a weak one', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('a', 'b', 'ab')), { maxLength: 300 }), (list) => {
        const real = new KeySet();
        const weak = new KeySet({ hash: (_bytes, start, end) => end - start });
        const expected = asSet(list);
        expect(list.map((key) => real.add(key))).toEqual(expected);
        expect(list.map((key) => weak.add(key))).toEqual(expected);
      }),
    );
  });
});
