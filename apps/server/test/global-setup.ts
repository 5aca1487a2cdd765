import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createPasswordHasher } from '../src/lib/passwords';
import { runSeed } from '../src/seed/seed';
import { fastArgon2 } from './helpers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, seeded PGlite data dir (tar). */
    pgliteSnapshot: string;
  }
}

/**
 * Creating a PGlite database (initdb in WebAssembly) takes seconds; loading a dump takes about
 * one. So the migrations and the seed run once here, from scratch, and every test file starts
 * its own in-memory PGlite from the dump (then migrates and seeds again: both are no-ops).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-pglite-snapshot-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  await runSeed(database.db, createPasswordHasher(fastArgon2));
  const file = path.join(dir, 'snapshot.tar');
  const dump = await database.dump?.();
  if (!dump) throw new Error('PGlite could not dump its data dir');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
