// The one Node 20 polyfill file of the repository, loaded by every workspace's `npm test`
// (`node --import ../../tooling/node-polyfills.mjs …vitest.mjs run`) and imported by the test
// setup files that need it in the workers too. Node 20 lacks a few ES2024 built-ins that our
// tools use (Node ≥ 22 has them):
// - vitest 5 formats failed tests with Map.groupBy; without it a failing test crashes the
//   reporter and hides the failure (this file is --import'ed into the main process);
// - msw 3 uses Promise.withResolvers (also set in the test workers through test/setup.ts).
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      const group = map.get(key);
      if (group) group.push(item);
      else map.set(key, [item]);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const out = Object.create(null);
    let i = 0;
    for (const item of items) (out[keyOf(item, i++)] ??= []).push(item);
    return out;
  };
}
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
// msw 3 also uses the ES2025 Set methods.
const setMethods = {
  intersection(other) {
    return new Set([...this].filter((x) => other.has(x)));
  },
  union(other) {
    return new Set([...this, ...other.keys()]);
  },
  difference(other) {
    return new Set([...this].filter((x) => !other.has(x)));
  },
  symmetricDifference(other) {
    const out = new Set(this);
    for (const x of other.keys()) {
      if (this.has(x)) out.delete(x);
      else out.add(x);
    }
    return out;
  },
  isSubsetOf(other) {
    return [...this].every((x) => other.has(x));
  },
  isSupersetOf(other) {
    return [...other.keys()].every((x) => this.has(x));
  },
  isDisjointFrom(other) {
    return [...this].every((x) => !other.has(x));
  },
};
for (const [name, fn] of Object.entries(setMethods)) {
  if (typeof Set.prototype[name] !== 'function') {
    Object.defineProperty(Set.prototype, name, { value: fn, writable: true, configurable: true });
  }
}
