import argon2 from 'argon2';
import type { Argon2Config } from '../config';

/** argon2id hashing with the configured cost (ARCHITECTURE.md "Auth"). */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  /** True when `plain` matches `hash`; false for a malformed hash instead of throwing. */
  verify(hash: string, plain: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown email answers as slowly as a known one. */
  burn(plain: string): Promise<void>;
}

/** An argon2id hasher with the given cost (ARGON2 defaults: 19 MiB, 2 passes, 1 lane). */
export function createPasswordHasher(cost: Argon2Config): PasswordHasher {
  let dummy: Promise<string> | null = null;
  const hash = (plain: string) => argon2.hash(plain, { type: argon2.argon2id, ...cost });
  const verify = async (stored: string, plain: string) => {
    try {
      return await argon2.verify(stored, plain);
    } catch {
      return false;
    }
  };
  return {
    hash,
    verify,
    async burn(plain) {
      dummy ??= hash('not-a-real-password-Ab1');
      await verify(await dummy, plain);
    },
  };
}
