/*
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the web build
 * (apps/web/dist: scripts, styles, index.html, the service worker, SVG, JSON) of at least
 * MIN_BYTES, which the server sends as they are to a browser that accepts them
 * (apps/server/src/plugins/static.ts, @fastify/static `preCompressed`). Without them every route's
 * JavaScript went over the wire uncompressed — the sign-in page's framework chunk 295 KB instead of
 * ~95 KB (issue #19: Lighthouse's cold load on its slow 4G, bench/lighthouse/README.md).
 * Compressed once at build time at the highest levels (Brotli 11, gzip 9): serving costs no CPU.
 *
 *   node scripts/precompress.mjs [dist]      # after `vite build` (the package's build script)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this (bytes) are sent as they are: compression gains less than a packet. */
const MIN_BYTES = 1024;
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;

/** Every file under `dir`, recursively (paths). */
function filesOf(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const file of filesOf(dist)) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  afterBrotli += br.length;
}
console.log(`precompressed ${files} files: ${(before / 1000).toFixed(1)} KB → ${(afterBrotli / 1000).toFixed(1)} KB Brotli`);
