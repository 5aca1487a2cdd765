import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createPasswordHasher } from '../src/lib/passwords';
import { runSeed } from '../src/seed/seed';
import { createPostgresDatabase, fastArgon2 } from './helpers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, seeded PGlite data dir (tar). */
    pgliteSnapshot: string;
    /** Name of a migrated, seeded PostgreSQL database to copy (`create database … template`), when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
  }
}

/**
 * The PostgreSQL twin of the PGlite snapshot: a database migrated and seeded once per run, which
 * each test app copies (`create database … template`, ~0.1 s) instead of migrating and seeding a
 * new one (~2–4 s, 60-odd times a run). Answers its name and a function dropping it.
 */
async function createPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const template = await createPostgresDatabase(undefined);
  const database = await openDatabase({ kind: 'postgres', url: template.url });
  try {
    await database.migrate();
    await runSeed(database.db, createPasswordHasher(fastArgon2));
  } finally {
    // No connection may stay open on a template: PostgreSQL refuses to copy a database in use.
    await database.close();
  }
  return template;
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
  const template = process.env.TEST_DATABASE_URL ? await createPostgresTemplate() : undefined;
  project.provide('postgresTemplate', template?.name);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
