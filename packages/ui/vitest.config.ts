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
    // The ceiling of one test, not its length: RAC fields, popovers and the DataTable render
    // slowly in jsdom, and a test typing through user-event takes seconds when the 2 cores are
    // shared (5 s, vitest's default, was passed on a busy machine). No file raises its own.
    testTimeout: 30_000,
  },
});
