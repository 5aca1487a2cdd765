import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the story runner's own code (test/*.test.ts), in Node against the Debian
 * Chromium — not the stories (those run through scripts/test-stories.mjs).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Starting Chromium on the shared 2-core machine can take several seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
