/*
 * The set of row keys an import has seen (issue #17: a key seen twice in one file refuses the later
 * row), held compactly: a 200,000-row file's keys as JS strings in a `Set` cost the V8 heap tens of
 * MB (each key a string object, often a cons string over its parts, plus the set's entry), all of it
 * live to the end of the import, so promoted into the old space and scanned by every full GC.
 *
 * Here each key is stored once as its UTF-8 bytes (a 4-byte length, then the bytes) in one growing
 * buffer, and found through an open-addressing table (linear probing, at most half full) of two
 * typed arrays: the key's 32-bit hash and its offset in the buffer. A hash match is confirmed by
 * comparing the bytes, so two different keys with the same hash are never taken for one another — a
 * false "duplicate" cannot refuse a good row. (UTF-8 cannot hold a lone surrogate — Buffer.write
 * turns each into U+FFFD, which would make two such keys equal — so a key that is not well-formed
 * UTF-16 is kept in a plain Set instead; a file's text never has one.) About 200,000 keys of ~25 characters: the buffer 8 MB,
 * the table 4 MB, outside the V8 heap (measured in bench/debts, apps/server/README.md).
 */

/** A hash of `bytes[start, end)` as an unsigned 32-bit integer. */
export type KeyHash = (bytes: Buffer, start: number, end: number) => number;

/** FNV-1a over the bytes, then MurmurHash3's finalizer so the low bits (the table's index) are mixed. */
export const fnv1a32: KeyHash = (bytes, start, end) => {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A set of strings compared exactly (by their UTF-8 bytes), stored outside the V8 heap; see the module comment. */
export class KeySet {
  /** The keys, each as a 32-bit little-endian byte length then its UTF-8 bytes. */
  #bytes: Buffer;
  #used = 0;
  /** Per slot: the key's offset in `#bytes` + 1 (0: the slot is empty). */
  #slots: Uint32Array;
  /** Per slot: the key's hash. */
  #hashes: Uint32Array;
  #size = 0;
  readonly #hash: KeyHash;
  /** Keys with a lone surrogate (see the module comment): never equal to a well-formed one. */
  readonly #illFormed = new Set<string>();

  /** `hash` is for tests (a constant one makes every key collide); the default is {@link fnv1a32}. */
  constructor(options: { hash?: KeyHash } = {}) {
    this.#hash = options.hash ?? fnv1a32;
    this.#bytes = Buffer.allocUnsafe(64 * 1024);
    this.#slots = new Uint32Array(1024);
    this.#hashes = new Uint32Array(1024);
  }

  /** How many keys the set holds. */
  get size(): number {
    return this.#size;
  }

  /** The bytes the set has allocated (its buffer and table), for the bench's accounting. */
  get allocatedBytes(): number {
    return this.#bytes.length + this.#slots.byteLength + this.#hashes.byteLength;
  }

  /** Adds `key`: true when it was new, false when the set already held exactly this key. */
  add(key: string): boolean {
    if (!(key as unknown as { isWellFormed(): boolean }).isWellFormed()) {
      if (this.#illFormed.has(key)) return false;
      this.#illFormed.add(key);
      this.#size++;
      return true;
    }
    // A UTF-16 code unit is at most 3 UTF-8 bytes; room for the length and the worst case.
    const room = 4 + key.length * 3;
    if (this.#used + room > this.#bytes.length) this.#growBytes(this.#used + room);
    const bytes = this.#bytes;
    const start = this.#used + 4;
    const end = start + bytes.write(key, start, 'utf8');
    const hash = this.#hash(bytes, start, end) >>> 0;
    const mask = this.#slots.length - 1;
    let i = hash & mask;
    for (let slot = this.#slots[i]!; slot !== 0; i = (i + 1) & mask, slot = this.#slots[i]!) {
      if (this.#hashes[i] !== hash) continue;
      const at = slot - 1;
      const length = bytes.readUInt32LE(at);
      if (length === end - start && bytes.compare(bytes, start, end, at + 4, at + 4 + length) === 0) return false;
    }
    bytes.writeUInt32LE(end - start, this.#used);
    this.#slots[i] = this.#used + 1;
    this.#hashes[i] = hash;
    this.#used = end;
    if (++this.#size * 2 > this.#slots.length) this.#growTable();
    return true;
  }

  #growBytes(needed: number): void {
    let length = this.#bytes.length * 2;
    while (length < needed) length *= 2;
    if (length > 0xffff_ffff) throw new RangeError('KeySet: more than 4 GiB of keys');
    const bytes = Buffer.allocUnsafe(length);
    this.#bytes.copy(bytes, 0, 0, this.#used);
    this.#bytes = bytes;
  }

  #growTable(): void {
    const slots = new Uint32Array(this.#slots.length * 2);
    const hashes = new Uint32Array(slots.length);
    const mask = slots.length - 1;
    for (let j = 0; j < this.#slots.length; j++) {
      const slot = this.#slots[j]!;
      if (slot === 0) continue;
      let i = this.#hashes[j]! & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = slot;
      hashes[i] = this.#hashes[j]!;
    }
    this.#slots = slots;
    this.#hashes = hashes;
  }
}
