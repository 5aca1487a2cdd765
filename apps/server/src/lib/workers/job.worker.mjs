// The worker of lib/workers/jobs.ts (a piscina pool): runs one job — an exported function of a
// TypeScript module of the server — off the event loop. Plain JavaScript, so a worker thread loads
// it without a TypeScript loader; it registers tsx (a dependency of the server) once per thread so
// that the job modules and what they import load as they do under `npm start` (a worker thread of
// Node 20 does not inherit the main thread's loader).
//
// Task { module (file URL), name (its export), input, port (MessagePort), window } → nothing; all
// answers go over `port`, in order: { t: 'started' }, then any { t: 'item', item } the job sends
// through io.send (at most `window` not yet taken: the job waits for an { t: 'ack' } per item
// taken), then exactly one of { t: 'end', value } | { t: 'refused', error: { statusCode, code,
// message, details } } (the job threw an AppError: a refusal the API answers as it is) |
// { t: 'cancelled' } (the main thread sent { t: 'cancel' }: it stopped reading). Any other error
// is thrown, and the main thread's run rejects with it.
import { register } from 'tsx/esm/api';

register();

/** The job modules this thread has loaded, by URL. */
const modules = new Map();

class Cancelled extends Error {}

/** An AppError (lib/errors.ts) of any copy of that module: a refusal with its status, code and details. */
const isAppError = (error) =>
  error instanceof Error && error.name === 'AppError' && typeof error.statusCode === 'number' && typeof error.code === 'string';

/** The ArrayBuffer to move with `value` when it is bytes that own their whole buffer (a pooled Buffer is copied instead). */
const ownBuffer = (value) =>
  ArrayBuffer.isView(value) && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && !(value.buffer instanceof SharedArrayBuffer)
    ? [value.buffer]
    : [];

export default async function runJob({ module, name, input, port, window }) {
  port.postMessage({ t: 'started' });
  let sent = 0;
  let taken = 0;
  let cancelled = false;
  let wake = null;
  port.on('message', (message) => {
    if (message?.t === 'ack') taken++;
    else if (message?.t === 'cancel') cancelled = true;
    wake?.();
    wake = null;
  });
  const io = {
    /** Sends `item` to the main thread; resolves once it may send the next (at most `window` not yet taken). */
    async send(item) {
      if (cancelled) throw new Cancelled();
      port.postMessage({ t: 'item', item });
      sent++;
      while (!cancelled && sent - taken >= window) await new Promise((resolve) => (wake = resolve));
      if (cancelled) throw new Cancelled();
    },
  };
  try {
    let loaded = modules.get(module);
    if (!loaded) {
      loaded = await import(module);
      modules.set(module, loaded);
    }
    if (typeof loaded[name] !== 'function') throw new Error(`${module} exports no job ${name}`);
    const value = await loaded[name](input, io);
    port.postMessage({ t: 'end', value }, ownBuffer(value));
  } catch (error) {
    if (cancelled) port.postMessage({ t: 'cancelled' });
    else if (isAppError(error)) {
      port.postMessage({ t: 'refused', error: { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details } });
    } else throw error;
  } finally {
    port.close();
  }
}
