/**
 * The one logger shape the server's services take: a warning with a structured object first
 * (pino's and Fastify's `log.warn(obj, msg)`), used for failures that must not fail the caller's
 * request — a notification that could not be written, a hub broadcast that failed. Pass
 * `request.log` or `app.log`; tests pass `{ warn() {} }` or a spy.
 */
export interface WarnLogger {
  warn(obj: unknown, msg?: string): void;
}
