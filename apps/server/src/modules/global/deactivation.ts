import type { FastifyInstance } from 'fastify';
import type { DeactivateElementInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { badRequest } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';

/** What a deactivation handler receives. */
export interface DeactivationContext {
  deps: AppDeps;
  /** The app, for side effects such as `server.hub.disconnectUser`. */
  server: FastifyInstance;
  actor: AuthUser;
  id: number;
  /** The reason (trimmed, at least 10 characters). */
  reason: string;
}

/**
 * How one kind of element is deactivated through POST /api/global/deactivateElement (SPEC §7):
 * `actionKey` is what the caller's user type must hold; `deactivate` throws 404 for an unknown
 * id and 422 `alreadyInactive` for an inactive one, stores the reason and writes history.
 */
export interface DeactivationHandler {
  actionKey: string;
  deactivate(context: DeactivationContext): Promise<void>;
}

const handlers = new Map<string, DeactivationHandler>();

/**
 * Registers (or replaces) the handler of one element `type` (`user`, `position`, …). Modules call
 * it from their route plugin, so a type is known as soon as its module is registered.
 */
export function registerDeactivation(type: string, handler: DeactivationHandler): void {
  handlers.set(type, handler);
}

/** The element types with a handler, sorted. */
export function deactivationTypes(): string[] {
  return [...handlers.keys()].sort();
}

/**
 * SPEC §7 deactivateElement: 400 `unknownElementType` (details.types lists the known ones), 403
 * `forbidden` when the caller's type lacks the handler's action key, then the handler.
 */
export async function deactivateElement(server: FastifyInstance, actor: AuthUser, input: DeactivateElementInput): Promise<void> {
  const handler = handlers.get(input.type);
  if (!handler) throw badRequest('unknownElementType', `No element type "${input.type}" can be deactivated.`, { types: deactivationTypes() });
  await access.require(server.deps, actor, handler.actionKey);
  await handler.deactivate({ deps: server.deps, server, actor, id: input.id, reason: input.desc });
}
