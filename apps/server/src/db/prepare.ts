import type { AppConfig } from '../config';
import { createPasswordHasher } from '../lib/passwords';
import { runSeed } from '../seed/seed';
import { openDatabase, type Database } from './client';

/** Opens the configured database, applies the committed migrations and runs the idempotent seed. */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    await runSeed(database.db, createPasswordHasher(config.argon2));
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
