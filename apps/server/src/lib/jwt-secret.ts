import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const SETTING_KEY = 'jwtSecret';

/**
 * The HS256 key: JWT_SECRET when set; otherwise generated once and kept — in DATA_DIR/jwt-secret
 * for an on-disk PGlite, in the settings table for PostgreSQL (so every instance agrees) and for
 * an in-memory database.
 */
export async function resolveJwtSecret(config: AppConfig, db: Db): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.database.kind === 'pglite') {
    const file = path.join(config.dataDir, 'jwt-secret');
    try {
      const stored = readFileSync(file, 'utf8').trim();
      if (stored.length >= 32) return new TextEncoder().encode(stored);
    } catch {
      // first start: generated below
    }
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return new TextEncoder().encode(secret);
  }
  // Insert-if-absent then read, so two instances starting together end with the same secret.
  await db
    .insert(settings)
    .values({ key: SETTING_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_KEY));
  if (!row) throw new Error('JWT secret could not be stored');
  return new TextEncoder().encode(row.value);
}
