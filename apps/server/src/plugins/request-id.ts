import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header a request id comes in (from a load balancer or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is a short token: 1–64 letters, digits, `.`, `_`, `:` or
 * `-` — nothing a log line or a header could be forged with (no spaces, quotes or line breaks).
 */
const saneRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when it is sane (see {@link saneRequestId}),
 * else a new UUID. A list of the header (sent twice) counts as not sane.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
}

/** The id of the request whose work is running now (undefined outside one). */
const current = new AsyncLocalStorage<string>();

/**
 * The logger options `buildApp` hands to Fastify: `logger` with a pino `mixin` that adds
 * `reqId` to every line written while a request is being served — also through `app.log`
 * (modules and jobs log through it), not only through `request.log`, whose lines carry it already.
 */
export function withRequestIdMixin(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    mixin(_object: object, _level: number, instance: { bindings(): Record<string, unknown> }) {
      const reqId = current.getStore();
      if (reqId === undefined || 'reqId' in instance.bindings()) return {};
      return { reqId };
    },
  };
}

/**
 * Every request's id (`request.id`, {@link requestIdOf}) goes back in the `X-Request-Id` response
 * header, and the rest of the request's work runs in its async context (so {@link withRequestIdMixin}
 * finds it). Register it first, before any other onRequest hook.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    current.run(request.id, done);
  });
}
