// vitest 5 formats failed tests with Map.groupBy (Node ≥ 21); on Node 20 a failing test then
// crashes the reporter and hides the failure. Polyfill it in the main process before vitest.
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
