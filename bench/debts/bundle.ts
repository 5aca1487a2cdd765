/*
 * Bundles bench/debts/instance.ts (the server with all its TypeScript, workspace packages included)
 * into one ES module that plain `node` runs — no tsx in the measured process. Used by
 * `import-1c.ts --built` to tell how much of the server's idle memory is tsx (its loader thread and
 * the transpiled sources with their source maps) rather than the server. Packages from node_modules
 * stay external (resolved from apps/server/dist/, beside the server's own node_modules); each
 * module's `import.meta.url` is replaced by its source file's URL, so the server finds its
 * migrations, examples and package.json where they are. A bench tool, not a production build.
 * esbuild comes with tsx (its dependency), so it is not declared at the root.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Builds the bundle and answers its path (apps/server/dist/bench-instance.mjs, git-ignored). */
export async function bundleInstance(): Promise<string> {
  const outfile = fileURLToPath(new URL('../../apps/server/dist/bench-instance.mjs', import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL('./instance.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
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
