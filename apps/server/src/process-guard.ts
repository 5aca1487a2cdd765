/** The logger the guard writes to (pino's shape: an object with `err`, then the message). */
export interface GuardLog {
  error(object: { err: unknown }, message: string): void;
}

/**
 * Keeps the process alive past an error no code handled: an 'error' event nobody listened to (a
 * request's stream failing after its handler moved on) or a promise rejected with no catch. Each
 * is logged at error level with its stack and the server goes on serving the other requests —
 * one client must not be able to stop the service for everyone. Bugs still surface in the log;
 * a real crash (out of memory, a native fault) is the supervisor's to restart (README "Run under
 * a supervisor", deploy/servicedesk.service). `target` is the process (a stand-in in tests).
 * Answers a function that removes the guard.
 */
export function installProcessGuard(log: GuardLog, target: NodeJS.EventEmitter = process): () => void {
  const onException = (error: unknown) => log.error({ err: error }, 'uncaught exception (the server keeps running)');
  const onRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection (the server keeps running)');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
