#!/usr/bin/env node
/**
 * DataTable benchmark, run on demand (not part of any test run):
 *
 *   node bench/datatable/run.mjs            row-model figures (Node, 100,000 rows)
 *   node bench/datatable/run.mjs --scroll   also frame times while scrolling the 100k story in
 *                                           Chromium (needs apps/storybook/storybook-static:
 *                                           `npm run build -w @servicedesk/storybook`)
 *
 * Env: ROWS (default 100000), RUNS (default 25), JSON=1 prints the raw figures as JSON,
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { register } from 'tsx/esm/api';

register();
await import('./model-bench.ts');
if (process.argv.includes('--scroll')) await import('./scroll-bench.mjs');
