import { defineConfig } from 'vitest/config';

// Server integration tests: real databases (PGlite in memory per file; PostgreSQL too when
// TEST_DATABASE_URL is set), so give hooks time to migrate and seed.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
