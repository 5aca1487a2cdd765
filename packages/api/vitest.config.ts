import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // The ceiling of one test, not its length: a call through msw, a zod check of the answer loaded
    // lazily and, in hooks.test.tsx, a React render — vitest's 5 s was passed on two cores under a
    // load of 20. Above the 15 s of findBy/waitFor (test/setup.ts), so a slow state fails there.
    testTimeout: 30_000,
  },
});
