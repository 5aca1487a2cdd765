import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: true,
    // One jsdom and one module cache per worker for all its files instead of a fresh one per file:
    // the run went from 5 min 47 s to 56 s (61 files, 348 tests, 2 cores) — nine tenths of it was
    // each file importing react-aria and the theme again. test/setup.ts empties the document after
    // each file; the files pass in any order (checked with --sequence.shuffle.files, two seeds).
    isolate: false,
    // The ceiling of one test, not its length: RAC fields, popovers and the DataTable render
    // slowly in jsdom, and a test typing through user-event takes seconds when the 2 cores are
    // shared (5 s, vitest's default, was passed on a busy machine). No file raises its own.
    testTimeout: 30_000,
  },
});
