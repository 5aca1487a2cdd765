/*
 * Bundles bench/debts/instance.ts (the server with all its TypeScript, workspace packages included)
 * into one ES module that plain `node` runs — no tsx in the measured process. Used by
 * `import-1c.ts --built` to tell how much of the server's idle memory is tsx (its loader thread and
 * the transpiled sources with their source maps) rather than the server. Packages from node_modules
 * stay external (resolved from apps/server/dist/, beside the server's own node_modules); each
 * module's `import.meta.url` is replaced by its source file's URL, so the server finds its
 * migrations, examples and package.json where they are. A bench tool, not a production build.
 * The build itself is the server's (apps/server/scripts/build.mjs, what `npm start` runs).
 */
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../apps/server/scripts/build.mjs';

/** Builds the bundle (apps/server/scripts/build.mjs) and answers its path (apps/server/dist/bench-instance.mjs, git-ignored). */
export async function bundleInstance(): Promise<string> {
  return bundleServer(
    fileURLToPath(new URL('./instance.ts', import.meta.url)),
    fileURLToPath(new URL('../../apps/server/dist/bench-instance.mjs', import.meta.url)),
  );
}
