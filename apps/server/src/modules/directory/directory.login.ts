import type { LdapConfig } from '../../config';
import type { LoginFailureReason } from '@servicedesk/contracts';
import type { AppDeps } from '../../types';
import { authenticate, DirectoryUnavailableError, readGroups, withServiceClient } from './directory.client';
import { provisionOnSignIn } from './directory.service';

/** The directory's verdict on a sign-in, in login-history terms; `userId` is the local user when known. */
export type DirectorySignIn =
  | { kind: 'ok'; userId: number }
  | { kind: 'refused'; reason: LoginFailureReason; userId: number | null; detail?: string };

/**
 * Signs `login` in against the company directory (directory.client authenticate) and, on success,
 * creates or refreshes the local user from the entry (directory.service provisionOnSignIn).
 * Refusals: `unknownEmail` (no entry, or it has no email to map), `wrongPassword`,
 * `directoryDisabled`, `directoryLocked`, `passwordExpired`, `directoryUnavailable` (with the
 * technical `detail` for the log), `inactiveUser` (deactivated here by an admin).
 */
export async function directorySignIn(deps: AppDeps, config: LdapConfig, login: string, password: string): Promise<DirectorySignIn> {
  try {
    const result = await authenticate(config, login, password);
    switch (result.kind) {
      case 'unknownUser':
        return { kind: 'refused', reason: 'unknownEmail', userId: null };
      case 'wrongPassword':
        return { kind: 'refused', reason: 'wrongPassword', userId: null };
      case 'disabled':
        return { kind: 'refused', reason: 'directoryDisabled', userId: null };
      case 'locked':
        return { kind: 'refused', reason: 'directoryLocked', userId: null };
      case 'passwordExpired':
        return { kind: 'refused', reason: 'passwordExpired', userId: null };
      case 'ok': {
        const groups = await withServiceClient(config, (client) => readGroups(client, config));
        const local = await provisionOnSignIn(deps, result.user, groups);
        if (!local) return { kind: 'refused', reason: 'unknownEmail', userId: null };
        if (!local.isActive) return { kind: 'refused', reason: 'inactiveUser', userId: local.userId };
        return { kind: 'ok', userId: local.userId };
      }
    }
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) return { kind: 'refused', reason: 'directoryUnavailable', userId: null, detail: error.message };
    throw error;
  }
}
