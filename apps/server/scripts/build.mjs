#!/usr/bin/env node
/**
 * Builds the server for `npm start`: src/server.ts with all its TypeScript (the workspace
 * packages included) bundled by esbuild into one ES module, dist/server.mjs, that plain `node`
 * runs — no TypeScript loader in the serving process. Issue #44 "idle memory": tsx's loader is a
 * second V8 isolate and keeps every transpiled source with its inline source map, ~75 MB of the
 * idle server (bench/memory/RESULTS.md, bench/debts/RESULTS.md "Where the memory goes").
 *
 * What stays as it is:
 * - packages from node_modules are external, resolved from dist/ beside the server's own
 *   node_modules (native addons such as argon2 cannot be bundled);
 * - each module's `import.meta.url` is replaced by its source file's URL, so the server finds its
 *   migrations, seed examples, package.json and its job modules where they are in the checkout.
 *   Job and text-extraction workers (lib/workers) load their TypeScript modules through tsx in
 *   their own threads as before. The bundle is therefore a build of this checkout, to be run from
 *   it — not an artefact to copy elsewhere;
 * - names are kept (`keepNames`), so stack traces and `error.name` checks read as in the sources.
 *
 * `node scripts/build.mjs [entry.ts] [outfile.mjs]` (defaults src/server.ts, dist/server.mjs);
 * {@link bundleServer} is the same for other entries (bench/debts/bundle.ts bundles its instance).
 * Takes ~1 s; exits non-zero with esbuild's messages when a source does not compile.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles `entry` (a path to a .ts file) into `outfile` (an .mjs path) as described above and
 * answers `outfile`. Rejects with esbuild's error when a source does not compile.
 */
export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'servicedesk-sources',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@servicedesk/') ? undefined : { path: args.path, external: true }));
          b.onLoad({ filter: /\.tsx?$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const entry = process.argv[2] ?? `${serverRoot}src/server.ts`;
  const outfile = process.argv[3] ?? `${serverRoot}dist/server.mjs`;
  await bundleServer(entry, outfile);
  console.log(`server built: ${outfile}`);
}
