import { defineConfig } from 'vitest/config';

// Node 20 has no Map.groupBy, which vitest 5's reporter calls when it prints failures: without
// this, a failing test crashes the reporter instead of showing what failed.
const MapWithGroupBy = Map as unknown as { groupBy?: <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]> };
MapWithGroupBy.groupBy ??= <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
  const groups = new Map<K, T[]>();
  let index = 0;
  for (const item of items) {
    const k = key(item, index++);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

// Server integration tests: real databases (PGlite in memory per file; PostgreSQL too when
// TEST_DATABASE_URL is set), so give hooks time to migrate and seed.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
