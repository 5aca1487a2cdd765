/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/**
 * The web app's build and dev server. In dev, /api, /assets/i18n and /ChatHub go to a running
 * server (API_TARGET, default http://localhost:8084 — start one with
 * `DATA_DIR=/tmp/h4-data PORT=8084 npm run start -w @servicedesk/server`).
 */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8084';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/assets/i18n': { target: apiTarget, changeOrigin: true },
      '/ChatHub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The shell every page needs (react, react-dom, react-router, react-aria-components,
    // TanStack Query, i18next, zod) is ~560 kB minified / ~175 kB gzip; pages load lazily.
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Whole-app tests render lazy routes against MSW; on 2 busy cores 5 s is too tight.
    testTimeout: 20_000,
  },
});
